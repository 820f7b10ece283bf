import { describe, expect, it } from "vitest";
import { categoryFromPlaid, isTransferCategory, PLAID_DETAILED_CATEGORY, PLAID_PRIMARY_CATEGORY } from "~/domain/bank-sync/plaid-categories";

// Hand-written expectations, one per Plaid personal_finance_category (taxonomy v1): a changed row in the
// table fails its own test. null = never spending (income, transfers, card payments).
const EXPECTED: Record<string, string | null> = {
  INCOME_DIVIDENDS: null, INCOME_INTEREST_EARNED: null, INCOME_RETIREMENT_PENSION: null, INCOME_TAX_REFUND: null,
  INCOME_UNEMPLOYMENT: null, INCOME_WAGES: null, INCOME_OTHER_INCOME: null,
  TRANSFER_IN_CASH_ADVANCES_AND_LOANS: null, TRANSFER_IN_DEPOSIT: null, TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS: null,
  TRANSFER_IN_SAVINGS: null, TRANSFER_IN_ACCOUNT_TRANSFER: null, TRANSFER_IN_OTHER_TRANSFER_IN: null,
  TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS: null, TRANSFER_OUT_SAVINGS: null, TRANSFER_OUT_ACCOUNT_TRANSFER: null,
  TRANSFER_OUT_WITHDRAWAL: "other", TRANSFER_OUT_OTHER_TRANSFER_OUT: "other",
  LOAN_PAYMENTS_CAR_PAYMENT: "transport", LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: null, LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT: "other",
  LOAN_PAYMENTS_MORTGAGE_PAYMENT: "utilities", LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT: "other", LOAN_PAYMENTS_OTHER_PAYMENT: "other",
  BANK_FEES_ATM_FEES: "other", BANK_FEES_FOREIGN_TRANSACTION_FEES: "other", BANK_FEES_INSUFFICIENT_FUNDS: "other",
  BANK_FEES_INTEREST_CHARGE: "other", BANK_FEES_OVERDRAFT_FEES: "other", BANK_FEES_OTHER_BANK_FEES: "other",
  ENTERTAINMENT_CASINOS_AND_GAMBLING: "entertainment", ENTERTAINMENT_MUSIC_AND_AUDIO: "entertainment",
  ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS: "entertainment", ENTERTAINMENT_TV_AND_MOVIES: "entertainment",
  ENTERTAINMENT_VIDEO_GAMES: "entertainment", ENTERTAINMENT_OTHER_ENTERTAINMENT: "entertainment",
  FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR: "coffee", FOOD_AND_DRINK_COFFEE: "coffee", FOOD_AND_DRINK_FAST_FOOD: "dining",
  FOOD_AND_DRINK_GROCERIES: "food", FOOD_AND_DRINK_RESTAURANT: "dining", FOOD_AND_DRINK_VENDING_MACHINES: "food",
  FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK: "dining",
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: "shopping", GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES: "shopping",
  GENERAL_MERCHANDISE_CONVENIENCE_STORES: "food", GENERAL_MERCHANDISE_DEPARTMENT_STORES: "shopping",
  GENERAL_MERCHANDISE_DISCOUNT_STORES: "shopping", GENERAL_MERCHANDISE_ELECTRONICS: "shopping",
  GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES: "shopping", GENERAL_MERCHANDISE_OFFICE_SUPPLIES: "shopping",
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: "shopping", GENERAL_MERCHANDISE_PET_SUPPLIES: "shopping",
  GENERAL_MERCHANDISE_SPORTING_GOODS: "shopping", GENERAL_MERCHANDISE_SUPERSTORES: "shopping",
  GENERAL_MERCHANDISE_TOBACCO_AND_VAPE: "shopping", GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE: "shopping",
  HOME_IMPROVEMENT_FURNITURE: "shopping", HOME_IMPROVEMENT_HARDWARE: "shopping", HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE: "utilities",
  HOME_IMPROVEMENT_SECURITY: "utilities", HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT: "shopping",
  MEDICAL_DENTAL_CARE: "health", MEDICAL_EYE_CARE: "health", MEDICAL_NURSING_CARE: "health", MEDICAL_PHARMACIES_AND_SUPPLEMENTS: "health",
  MEDICAL_PRIMARY_CARE: "health", MEDICAL_VETERINARY_SERVICES: "health", MEDICAL_OTHER_MEDICAL: "health",
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: "health", PERSONAL_CARE_HAIR_AND_BEAUTY: "health",
  PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING: "utilities", PERSONAL_CARE_OTHER_PERSONAL_CARE: "health",
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: "other", GENERAL_SERVICES_AUTOMOTIVE: "transport",
  GENERAL_SERVICES_CHILDCARE: "other", GENERAL_SERVICES_CONSULTING_AND_LEGAL: "other", GENERAL_SERVICES_EDUCATION: "other",
  GENERAL_SERVICES_INSURANCE: "utilities", GENERAL_SERVICES_POSTAGE_AND_SHIPPING: "shopping", GENERAL_SERVICES_STORAGE: "utilities",
  GENERAL_SERVICES_OTHER_GENERAL_SERVICES: "other",
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: "other", GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES: "other",
  GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT: "other", GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT: "other",
  TRANSPORTATION_BIKES_AND_SCOOTERS: "transport", TRANSPORTATION_GAS: "transport", TRANSPORTATION_PARKING: "transport",
  TRANSPORTATION_PUBLIC_TRANSIT: "transport", TRANSPORTATION_TAXIS_AND_RIDE_SHARES: "transport", TRANSPORTATION_TOLLS: "transport",
  TRANSPORTATION_OTHER_TRANSPORTATION: "transport",
  TRAVEL_FLIGHTS: "transport", TRAVEL_LODGING: "entertainment", TRAVEL_RENTAL_CARS: "transport", TRAVEL_OTHER_TRAVEL: "transport",
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: "utilities", RENT_AND_UTILITIES_INTERNET_AND_CABLE: "utilities", RENT_AND_UTILITIES_RENT: "utilities",
  RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT: "utilities", RENT_AND_UTILITIES_TELEPHONE: "utilities", RENT_AND_UTILITIES_WATER: "utilities",
  RENT_AND_UTILITIES_OTHER_UTILITIES: "utilities",
};

const primaryOf = (detailed: string) => Object.keys(PLAID_PRIMARY_CATEGORY).filter((p) => detailed.startsWith(`${p}_`)).sort((a, b) => b.length - a.length)[0];

describe("Plaid category → our nine", () => {
  for (const [detailed, expected] of Object.entries(EXPECTED)) {
    it(`${detailed} → ${expected ?? "not spending"}`, () => {
      expect(categoryFromPlaid(primaryOf(detailed), detailed)).toBe(expected);
    });
  }

  it("the table has exactly the categories tested above, each under a known primary", () => {
    expect(Object.keys(PLAID_DETAILED_CATEGORY).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const detailed of Object.keys(PLAID_DETAILED_CATEGORY)) expect(primaryOf(detailed)).toBeTruthy();
  });

  it("an unknown detailed category falls back to its primary, never to Other when Plaid knows the primary", () => {
    expect(categoryFromPlaid("FOOD_AND_DRINK", "FOOD_AND_DRINK_NEW_THING")).toBe("dining");
    expect(categoryFromPlaid("TRANSPORTATION", null)).toBe("transport");
    expect(categoryFromPlaid("MEDICAL", "")).toBe("health");
    expect(categoryFromPlaid(null, null)).toBeNull();
    expect(categoryFromPlaid("SOMETHING_NEW", "SOMETHING_NEW_X")).toBeNull();
  });

  it("transfers: card payments and own-account moves, not cash withdrawals or payments to others", () => {
    expect(isTransferCategory("LOAN_PAYMENTS", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT")).toBe(true);
    expect(isTransferCategory("TRANSFER_OUT", "TRANSFER_OUT_SAVINGS")).toBe(true);
    expect(isTransferCategory("TRANSFER_IN", "TRANSFER_IN_ACCOUNT_TRANSFER")).toBe(true);
    expect(isTransferCategory("TRANSFER_OUT", "TRANSFER_OUT_WITHDRAWAL")).toBe(false);
    expect(isTransferCategory("TRANSFER_OUT", "TRANSFER_OUT_OTHER_TRANSFER_OUT")).toBe(false);
    expect(isTransferCategory("FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE")).toBe(false);
  });
});
