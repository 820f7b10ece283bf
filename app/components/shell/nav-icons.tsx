import { Building2, CreditCard, History, LayoutDashboard, MessageCircle, Settings, Shield, Sparkles, Upload, type LucideIcon } from "lucide-react";
import type { NavKey } from "~/domain/navigation";

export const NAV_ICONS: Record<NavKey, LucideIcon> = {
  chat: MessageCircle,
  budget: LayoutDashboard,
  history: History,
  debts: CreditCard,
  upload: Upload,
  bank: Building2,
  features: Sparkles,
  admin: Shield,
  settings: Settings,
};
