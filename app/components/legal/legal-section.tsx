import type { ReactNode } from "react";

export interface LegalSection {
  /** Anchor id, unique on the page (for example "terms-1"). */
  id: string;
  /** Heading text without the number; the number comes from the position in the list. */
  title: string;
  body: ReactNode;
}

/** A numbered legal document (Terms of Service, Privacy Policy) rendered as one <section>. */
export function LegalDocument({
  id,
  title,
  intro,
  sections,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-600 sm:text-base">{intro}</div>
      <div className="mt-6 space-y-8">
        {sections.map((section, index) => (
          <div key={section.id} id={section.id} className="scroll-mt-6">
            <h3 className="text-lg font-semibold text-slate-900">
              {`${index + 1}. ${section.title}`}
            </h3>
            <div className="mt-2 space-y-3 text-sm leading-relaxed text-slate-700 sm:text-base">{section.body}</div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Bulleted list; the Tailwind preflight removes list markers, so they are restored here. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-5 marker:text-slate-400">{children}</ul>;
}

export const CONTACT_EMAIL = "privacy@hearthbudget.example";

export function ContactEmail() {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand-700 underline underline-offset-2">
      {CONTACT_EMAIL}
    </a>
  );
}
