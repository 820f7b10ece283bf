/** A screen whose feature has not landed yet: it sits inside the shell and says so plainly. */
export function Placeholder({ title, text }: { title: string; text?: string }) {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">{text ?? "This screen is on its way."}</p>
    </section>
  );
}
