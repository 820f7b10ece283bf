/** A chat message as the page has it (the API shape, or an optimistic one being sent). */
export interface ChatMessage {
  id: string;
  sender: "user" | "bot";
  content: string;
  messageType: string;
  createdAt: string;
  metadata: unknown;
  pending?: boolean;
}

export interface ReceiptExpense {
  amount: string;
  description: string;
  category: { id: string; name: string; emoji: string };
}

export function receiptOf(metadata: unknown): ReceiptExpense | null {
  const expense = (metadata as { expense?: Partial<ReceiptExpense> } | null)?.expense;
  if (!expense || typeof expense.amount !== "string" || typeof expense.description !== "string" || !expense.category) return null;
  return expense as ReceiptExpense;
}
