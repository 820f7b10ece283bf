import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { LegalDocument, type LegalSection } from "~/components/legal/legal-section";
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from "~/components/legal/privacy-policy";
import { TERMS_INTRO, TERMS_SECTIONS } from "~/components/legal/terms-of-service";

export const meta: MetaFunction = () => [
  { title: "Privacy & Terms · Hearth Budget" },
  { name: "description", content: "Hearth Budget Terms of Service and Privacy Policy." },
];

function TocGroup({ href, title, sections }: { href: string; title: string; sections: LegalSection[] }) {
  return (
    <div>
      <a href={href} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {title}
      </a>
      <ol className="mt-2 space-y-1 text-slate-600">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="hover:text-brand-700 hover:underline">
              {`${index + 1}. ${section.title}`}
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function PrivacyTerms() {
  return (
    <main id="top" className="min-h-full bg-slate-50 px-4 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto w-full max-w-3xl">
        <Link
          to="/settings"
          className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Settings
        </Link>

        <header className="mt-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">Privacy &amp; Terms</h1>
          <p className="mt-2 text-sm text-slate-500">Last updated January 29, 2025</p>
          <p className="mt-3 text-sm leading-relaxed text-slate-600 sm:text-base">
            The rules for using Hearth Budget and how we handle your household&rsquo;s financial information.
          </p>
        </header>

        <nav aria-label="Table of contents" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
          <div className="mt-3 grid gap-6 text-sm sm:grid-cols-2">
            <TocGroup href="#terms" title="Terms of Service" sections={TERMS_SECTIONS} />
            <TocGroup href="#privacy" title="Privacy Policy" sections={PRIVACY_SECTIONS} />
          </div>
        </nav>

        <div className="mt-6 space-y-6">
          <LegalDocument id="terms" title="Terms of Service" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />
          <LegalDocument id="privacy" title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />
        </div>

        <p className="mt-8 text-center text-xs text-slate-500">
          <a href="#top" className="text-brand-700 hover:underline">
            Back to top
          </a>
        </p>
      </div>
    </main>
  );
}
