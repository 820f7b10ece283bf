export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white" aria-label={`${count} ${label}`}>
      {count > 99 ? "99+" : count}
    </span>
  );
}
