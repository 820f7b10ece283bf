import { ContactEmail, LegalList, type LegalSection } from "./legal-section";

// The bank-connection privacy policy (spec part 2 "/privacy-policy-plaid"): what a linked bank gives us,
// what we do with it, how it is protected, who sees it, the user's rights and how long we keep it.

export const BANK_PRIVACY_UPDATED = "August 15, 2025";

export const BANK_PRIVACY_INTRO = (
  <p>
    When you connect a bank account to Hearth Budget, we use Plaid Inc. (&ldquo;Plaid&rdquo;) to reach your bank. This
    policy explains what information flows from your bank to us, what we do with it, and how you stay in control. It
    adds to our general Privacy Policy.
  </p>
);

export const BANK_PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "bank-privacy-1",
    title: "Data We Collect",
    body: (
      <>
        <p>Through Plaid, and only for the accounts you choose to connect, we receive:</p>
        <LegalList>
          <li>the bank&rsquo;s name and each account&rsquo;s name, official name, type, subtype and last 2–4 digits (mask);</li>
          <li>current and available balances;</li>
          <li>transactions: date, amount, merchant name, description, Plaid&rsquo;s category and whether it is still pending.</li>
        </LegalList>
        <p>
          We never receive or store your bank username or password: you sign in to your bank inside Plaid&rsquo;s own
          window. Full account and routing numbers are not requested.
        </p>
      </>
    ),
  },
  {
    id: "bank-privacy-2",
    title: "How We Use It",
    body: (
      <LegalList>
        <li>to add your purchases to your household budget as expenses, so &ldquo;left to spend&rdquo; stays accurate;</li>
        <li>to match bank payments to your fixed bills (for example rent or a subscription) instead of counting them twice;</li>
        <li>to recognise expenses you already logged in the chat, so nothing is added twice;</li>
        <li>to suggest merchant names and bill amounts in the bank sync settings;</li>
        <li>to show balances and the sync history on the Bank Connections page.</li>
      </LegalList>
    ),
  },
  {
    id: "bank-privacy-3",
    title: "Encryption and Security",
    body: (
      <LegalList>
        <li>All traffic between your browser, our servers and Plaid is encrypted in transit (TLS).</li>
        <li>The access token Plaid issues for your bank is stored encrypted with AES-GCM and never leaves our servers: it is not shown in the app, in exports, in error messages or in logs.</li>
        <li>Notifications from Plaid are accepted only when their signature verifies.</li>
        <li>Only members of your budget can see its bank data; every request is checked on the server.</li>
      </LegalList>
    ),
  },
  {
    id: "bank-privacy-4",
    title: "Sharing",
    body: (
      <>
        <p>
          Members of a shared budget see its connected accounts, the sync history and the expenses imported from
          them, with the name of the member who connected each bank. Only that member or the budget owner can remove
          an account.
        </p>
        <p>
          We share bank data with no one else except Plaid, which acts on our behalf under its own privacy policy. We
          never sell your data or use it for advertising.
        </p>
      </>
    ),
  },
  {
    id: "bank-privacy-5",
    title: "Your Rights",
    body: (
      <LegalList>
        <li>Disconnect any account at any time from the Bank Connections page; syncing stops at once and we ask Plaid to revoke our access.</li>
        <li>Edit, exclude or delete any imported expense.</li>
        <li>Export your data from Settings, or delete your account, which removes your bank connections at Plaid too.</li>
        <li>Ask us what we hold about you: <ContactEmail />.</li>
      </LegalList>
    ),
  },
  {
    id: "bank-privacy-6",
    title: "Retention",
    body: (
      <LegalList>
        <li>Balances and raw bank transactions are kept while the account stays connected.</li>
        <li>When you remove an account, its access token is deleted; expenses already imported stay in your budget&rsquo;s history until you delete them.</li>
        <li>When you delete your account, your bank data is deleted within 30 days and purged from backups within 90 days.</li>
      </LegalList>
    ),
  },
];
