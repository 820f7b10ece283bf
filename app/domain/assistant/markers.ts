// Shared with the browser (kept free of the parser so the chat page does not ship chrono-node).

/** A bot message containing this shows the setup-method card instead of the marker. */
export const UPLOAD_GUIDE_MARKER = "[SHOW_UPLOAD_GUIDE]";

/** What the card's "Continue with Chat" button sends. */
export const GUIDED_CHAT_TEXT = "I want to continue with the guided chat approach";
