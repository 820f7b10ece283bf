import { Link } from "@remix-run/react";
import { BarChart3, MessageCircle, Upload, Users } from "lucide-react";

const FEATURES = [
  { icon: MessageCircle, title: "Log spending by chatting", text: 'Type "groceries $80" and it is logged and categorised.' },
  { icon: BarChart3, title: "Know what is left", text: "See what is left this month and per day until your reset day." },
  { icon: Upload, title: "Set up in minutes", text: "Tell the assistant your income and bills, or upload a bank statement." },
  { icon: Users, title: "One budget for the family", text: "Invite family members and everyone sees the same number, live." },
];

export function Landing({ appName }: { appName: string }) {
  return (
    <main className="min-h-full bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-6 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{appName}</h1>
        <p className="mt-4 text-lg text-slate-600">One honest left-to-spend number for the whole household.</p>
        <ul className="mt-10 grid w-full gap-4 text-left sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </ul>
        <Link to="/api/login" className="mt-10 rounded-lg bg-brand-600 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-700">
          Get Started
        </Link>
      </div>
    </main>
  );
}
