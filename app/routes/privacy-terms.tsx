export default function PrivacyTerms() {
  return <main>Privacy and terms</main>;
}
