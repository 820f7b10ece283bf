import { redirect } from "@remix-run/cloudflare";

// /expenses (the bank page's quick link, spec part 2) is the budget page's transaction list.
export function loader() {
  return redirect("/budget-panel#all-transactions-title");
}
