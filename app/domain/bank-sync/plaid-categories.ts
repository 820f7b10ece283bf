import type { CategoryId } from "../assistant/categories";

// Plaid's personal_finance_category (taxonomy v1: primary + detailed) mapped to our nine categories.
// Kinds that are never spending (income, transfers, card payments) map to null: the sync rules keep
// them out of spent whatever their category. Each detailed category has its own row, so "Other" is
// only where the purchase itself is miscellaneous (fees, taxes, donations, legal...).

type Mapped = CategoryId | null;

export const PLAID_PRIMARY_CATEGORY: Record<string, Mapped> = {
  INCOME: null,
  TRANSFER_IN: null,
  TRANSFER_OUT: null,
  LOAN_PAYMENTS: "other",
  BANK_FEES: "other",
  ENTERTAINMENT: "entertainment",
  FOOD_AND_DRINK: "dining",
  GENERAL_MERCHANDISE: "shopping",
  HOME_IMPROVEMENT: "shopping",
  MEDICAL: "health",
  PERSONAL_CARE: "health",
  GENERAL_SERVICES: "other",
  GOVERNMENT_AND_NON_PROFIT: "other",
  TRANSPORTATION: "transport",
  TRAVEL: "transport",
  RENT_AND_UTILITIES: "utilities",
};

export const PLAID_DETAILED_CATEGORY: Record<string, Mapped> = {
  INCOME_DIVIDENDS: null,
  INCOME_INTEREST_EARNED: null,
  INCOME_RETIREMENT_PENSION: null,
  INCOME_TAX_REFUND: null,
  INCOME_UNEMPLOYMENT: null,
  INCOME_WAGES: null,
  INCOME_OTHER_INCOME: null,
  TRANSFER_IN_CASH_ADVANCES_AND_LOANS: null,
  TRANSFER_IN_DEPOSIT: null,
  TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS: null,
  TRANSFER_IN_SAVINGS: null,
  TRANSFER_IN_ACCOUNT_TRANSFER: null,
  TRANSFER_IN_OTHER_TRANSFER_IN: null,
  TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS: null,
  TRANSFER_OUT_SAVINGS: null,
  TRANSFER_OUT_ACCOUNT_TRANSFER: null,
  // Cash taken out is spent, on something the bank cannot see.
  TRANSFER_OUT_WITHDRAWAL: "other",
  // Money sent to someone else (a sitter paid by app): spending.
  TRANSFER_OUT_OTHER_TRANSFER_OUT: "other",
  LOAN_PAYMENTS_CAR_PAYMENT: "transport",
  LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: null,
  LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT: "other",
  LOAN_PAYMENTS_MORTGAGE_PAYMENT: "utilities",
  LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT: "other",
  LOAN_PAYMENTS_OTHER_PAYMENT: "other",
  BANK_FEES_ATM_FEES: "other",
  BANK_FEES_FOREIGN_TRANSACTION_FEES: "other",
  BANK_FEES_INSUFFICIENT_FUNDS: "other",
  BANK_FEES_INTEREST_CHARGE: "other",
  BANK_FEES_OVERDRAFT_FEES: "other",
  BANK_FEES_OTHER_BANK_FEES: "other",
  ENTERTAINMENT_CASINOS_AND_GAMBLING: "entertainment",
  ENTERTAINMENT_MUSIC_AND_AUDIO: "entertainment",
  ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS: "entertainment",
  ENTERTAINMENT_TV_AND_MOVIES: "entertainment",
  ENTERTAINMENT_VIDEO_GAMES: "entertainment",
  ENTERTAINMENT_OTHER_ENTERTAINMENT: "entertainment",
  FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR: "coffee",
  FOOD_AND_DRINK_COFFEE: "coffee",
  FOOD_AND_DRINK_FAST_FOOD: "dining",
  FOOD_AND_DRINK_GROCERIES: "food",
  FOOD_AND_DRINK_RESTAURANT: "dining",
  FOOD_AND_DRINK_VENDING_MACHINES: "food",
  FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK: "dining",
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: "shopping",
  GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES: "shopping",
  GENERAL_MERCHANDISE_CONVENIENCE_STORES: "food",
  GENERAL_MERCHANDISE_DEPARTMENT_STORES: "shopping",
  GENERAL_MERCHANDISE_DISCOUNT_STORES: "shopping",
  GENERAL_MERCHANDISE_ELECTRONICS: "shopping",
  GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES: "shopping",
  GENERAL_MERCHANDISE_OFFICE_SUPPLIES: "shopping",
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: "shopping",
  GENERAL_MERCHANDISE_PET_SUPPLIES: "shopping",
  GENERAL_MERCHANDISE_SPORTING_GOODS: "shopping",
  GENERAL_MERCHANDISE_SUPERSTORES: "shopping",
  GENERAL_MERCHANDISE_TOBACCO_AND_VAPE: "shopping",
  GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE: "shopping",
  HOME_IMPROVEMENT_FURNITURE: "shopping",
  HOME_IMPROVEMENT_HARDWARE: "shopping",
  HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE: "utilities",
  HOME_IMPROVEMENT_SECURITY: "utilities",
  HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT: "shopping",
  MEDICAL_DENTAL_CARE: "health",
  MEDICAL_EYE_CARE: "health",
  MEDICAL_NURSING_CARE: "health",
  MEDICAL_PHARMACIES_AND_SUPPLEMENTS: "health",
  MEDICAL_PRIMARY_CARE: "health",
  MEDICAL_VETERINARY_SERVICES: "health",
  MEDICAL_OTHER_MEDICAL: "health",
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: "health",
  PERSONAL_CARE_HAIR_AND_BEAUTY: "health",
  PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING: "utilities",
  PERSONAL_CARE_OTHER_PERSONAL_CARE: "health",
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: "other",
  GENERAL_SERVICES_AUTOMOTIVE: "transport",
  GENERAL_SERVICES_CHILDCARE: "other",
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: "other",
  GENERAL_SERVICES_EDUCATION: "other",
  GENERAL_SERVICES_INSURANCE: "utilities",
  GENERAL_SERVICES_POSTAGE_AND_SHIPPING: "shopping",
  GENERAL_SERVICES_STORAGE: "utilities",
  GENERAL_SERVICES_OTHER_GENERAL_SERVICES: "other",
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: "other",
  GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES: "other",
  GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT: "other",
  GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT: "other",
  TRANSPORTATION_BIKES_AND_SCOOTERS: "transport",
  TRANSPORTATION_GAS: "transport",
  TRANSPORTATION_PARKING: "transport",
  TRANSPORTATION_PUBLIC_TRANSIT: "transport",
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: "transport",
  TRANSPORTATION_TOLLS: "transport",
  TRANSPORTATION_OTHER_TRANSPORTATION: "transport",
  TRAVEL_FLIGHTS: "transport",
  TRAVEL_LODGING: "entertainment",
  TRAVEL_RENTAL_CARS: "transport",
  TRAVEL_OTHER_TRAVEL: "transport",
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: "utilities",
  RENT_AND_UTILITIES_INTERNET_AND_CABLE: "utilities",
  RENT_AND_UTILITIES_RENT: "utilities",
  RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT: "utilities",
  RENT_AND_UTILITIES_TELEPHONE: "utilities",
  RENT_AND_UTILITIES_WATER: "utilities",
  RENT_AND_UTILITIES_OTHER_UTILITIES: "utilities",
};

/**
 * Our category for a Plaid category: the detailed row, else the primary's, else null (Plaid does not
 * know: the caller uses its own fallback). Plaid's codes are matched exactly (upper case).
 */
export function categoryFromPlaid(primary: string | null | undefined, detailed: string | null | undefined): CategoryId | null {
  if (detailed && Object.hasOwn(PLAID_DETAILED_CATEGORY, detailed)) return PLAID_DETAILED_CATEGORY[detailed] ?? null;
  if (primary && Object.hasOwn(PLAID_PRIMARY_CATEGORY, primary)) return PLAID_PRIMARY_CATEGORY[primary] ?? null;
  return null;
}

/** Plaid's categories for money moved between one's own accounts (never spending). */
export function isTransferCategory(primary: string | null | undefined, detailed: string | null | undefined): boolean {
  if (detailed === "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT") return true;
  if (detailed === "TRANSFER_OUT_WITHDRAWAL" || detailed === "TRANSFER_OUT_OTHER_TRANSFER_OUT") return false;
  return primary === "TRANSFER_IN" || primary === "TRANSFER_OUT";
}
