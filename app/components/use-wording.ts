import { useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "~/domain/public-user";
import { applyWording, type LanguagePreference } from "~/domain/wording";

/**
 * The signed-in user's wording (spec part 1 §1), read from the app layout's loader so a screen's
 * components need not thread it through props. Outside the signed-in layout it is "spending".
 */
export function useWording(): { preference: LanguagePreference; w: (text: string) => string } {
  const data = useRouteLoaderData("routes/_app") as { shell: ShellData | null } | undefined;
  const preference: LanguagePreference = data?.shell?.user.languagePreference ?? "spending";
  return { preference, w: (text: string) => applyWording(text, preference) };
}
