import { Link } from "@remix-run/react";

/** How the bank connection handles data, in short, with the full policy one link away. */
export function PrivacyTab() {
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 text-sm leading-relaxed text-slate-700">
      <section aria-labelledby="privacy-how">
        <h2 id="privacy-how" className="font-semibold text-slate-900">How your bank data is handled</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Banks are connected through Plaid. You sign in to your bank in Plaid&rsquo;s window: we never see or store your bank password.</li>
          <li>The access token Plaid gives us is stored encrypted (AES-GCM) and never leaves our server.</li>
          <li>We read account names, balances and transactions only to keep your household budget up to date.</li>
          <li>Everyone in your shared budget sees its linked accounts and the expenses imported from them.</li>
          <li>Removing an account stops syncing at once; expenses already imported stay in your history until you delete them.</li>
          <li>We never sell your data or share it for advertising.</li>
        </ul>
      </section>
      <p>
        <Link to="/privacy-policy-plaid" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Read the full bank connection privacy policy
        </Link>
      </p>
    </div>
  );
}
