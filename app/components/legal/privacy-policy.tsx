import { ContactEmail, LegalList, type LegalSection } from "./legal-section";

export const PRIVACY_INTRO = (
  <p>
    Hearth Budget holds sensitive information about your money and your household. This Privacy Policy explains what
    we collect, why, who can see it, and how you stay in control. The short version: we use your data to run your
    budget, we do not sell it, and you can export or delete it at any time.
  </p>
);

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "privacy-1",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what the Service needs:</p>
        <LegalList>
          <li>
            <strong className="font-semibold text-slate-900">Account details:</strong> e-mail address, first and last
            name, phone number, profile picture (if your sign-in provider supplies one), your spending/saving wording
            preference, and your sign-in method. Passwords are never stored in readable form.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Budget data:</strong> income sources, fixed expenses,
            your monthly reset day, expenses you log (amount, description, category, date), debts and debt plans, and
            bank-sync matching rules.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Chat messages:</strong> what you type to the assistant
            and its replies, including the original text behind each logged expense.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Uploaded statements:</strong> the files you upload and
            the transactions extracted from them.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Bank data:</strong> if you connect a bank through Plaid,
            account names, types and the last digits of account numbers, balances and transactions.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Household and support data:</strong> invitations you send
            (invitee e-mail addresses), budget memberships and roles, and messages you exchange with our support team.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">SMS consent:</strong> whether you opted in to text
            messages and when.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Technical data:</strong> a session cookie that keeps you
            signed in, sign-in attempt records used to block password guessing, and basic server logs (such as IP
            address and request time) used for security and troubleshooting.
          </li>
        </LegalList>
      </>
    ),
  },
  {
    id: "privacy-2",
    title: "How We Use Your Information",
    body: (
      <>
        <p>We use your information to:</p>
        <LegalList>
          <li>run your budget: calculate spendable amounts and daily limits, log and categorize expenses, and reset each cycle;</li>
          <li>power the chat assistant, statement import and bank-sync matching;</li>
          <li>let you share a budget with your household;</li>
          <li>answer support messages and tell you about new features;</li>
          <li>send text messages, only if you opted in;</li>
          <li>keep the Service secure, prevent abuse, and fix problems.</li>
        </LegalList>
        <p>
          We do not sell your personal information, we do not use it for third-party advertising, and we do not use
          your financial data to build profiles for anyone else.
        </p>
      </>
    ),
  },
  {
    id: "privacy-3",
    title: "AI Assistant Processing",
    body: (
      <>
        <p>
          When the AI assistant is configured, the text of your chat messages, along with the budget context needed to
          answer (such as categories, amounts and your recent expenses), is sent to our AI provider, currently
          OpenAI, to generate replies and to extract expenses. Content from uploaded statements may be sent the same
          way to extract transactions. If no AI provider is configured, your messages are handled inside Hearth Budget
          and are not sent to OpenAI.
        </p>
        <p>
          We use the provider&rsquo;s API under terms that do not allow it to use this content to train its models,
          and the provider may keep it only for a limited time for abuse monitoring. Please do not type full card
          numbers, passwords or other secrets into the chat. You can clear your chat history at any time from
          Settings.
        </p>
      </>
    ),
  },
  {
    id: "privacy-4",
    title: "Bank Data via Plaid",
    body: (
      <>
        <p>
          Bank connections are optional and go through Plaid. You sign in to your bank inside Plaid&rsquo;s window;
          Hearth Budget never receives your bank username or password. Plaid gives us an access token, which we store
          encrypted, and we use it only to read account details and transactions for matching them with your budget.
          Plaid handles your data under its own privacy policy.
        </p>
        <p>
          When you remove a connected account, we stop fetching its data and delete the stored access token for that
          connection. Expenses you already imported into your budget stay there until you delete them.
        </p>
      </>
    ),
  },
  {
    id: "privacy-5",
    title: "Sharing Within Your Household",
    body: (
      <>
        <p>
          When you join or share a budget, the other members of that budget can see the budget itself (income, fixed
          expenses and spendable amount), every expense logged in it, the original chat text used to log those
          expenses, and the name or e-mail address of the member who added each one. The owner also sees pending
          invitations, including invitee e-mail addresses.
        </p>
        <p>
          Your conversation with the assistant, your support messages, your phone number and your SMS preference are
          not shown to other members. Our support staff and administrators can see account details and activity
          summaries when needed to help you or to keep the Service safe.
        </p>
      </>
    ),
  },
  {
    id: "privacy-6",
    title: "Service Providers",
    body: (
      <>
        <p>
          We share data only with companies that help us run the Service, only as much as they need, and under
          contracts that require them to protect it:
        </p>
        <LegalList>
          <li>Cloudflare &ndash; hosting, databases and the object storage that holds uploaded statements;</li>
          <li>OpenAI &ndash; AI chat replies and expense extraction, when configured;</li>
          <li>Plaid &ndash; bank connections, only if you connect a bank;</li>
          <li>the sign-in provider you choose (for example Google), if you sign in with one;</li>
          <li>an SMS delivery provider, only if you opted in to text messages.</li>
        </LegalList>
        <p>
          We may also disclose information if the law requires it, to protect people from harm, or as part of a
          merger or sale of the Service, in which case this policy will continue to apply to your data.
        </p>
      </>
    ),
  },
  {
    id: "privacy-7",
    title: "Data Security",
    body: (
      <>
        <LegalList>
          <li>All traffic between your device and Hearth Budget is encrypted in transit with HTTPS (TLS).</li>
          <li>Passwords are stored only as salted, one-way hashes (PBKDF2-SHA-256); we cannot read them.</li>
          <li>Bank access tokens from Plaid are encrypted (AES-GCM) before they are stored.</li>
          <li>Session tokens are stored hashed, and repeated failed sign-ins are rate limited.</li>
          <li>Access to production data is limited to the people who need it to operate and support the Service.</li>
        </LegalList>
        <p>
          No system is perfectly secure. If we learn of a breach that affects your personal information, we will
          notify you and any authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "privacy-8",
    title: "Data Retention and Deletion",
    body: (
      <>
        <p>
          We keep your data while your account is active. You can delete individual expenses, clear your chat
          history, and remove bank connections at any time.
        </p>
        <p>
          When you delete your account, your account data, including your profile, budgets you alone use,
          conversations, uploaded statements, bank connections and support messages, is deleted from our active
          systems within 30 days. Backups are purged within 90 days. Expenses you logged in a budget that other
          members still use may remain in that budget so the household&rsquo;s totals stay correct, but they are no
          longer linked to you. We may keep a minimal record for longer only when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "privacy-9",
    title: "Your Rights and Choices",
    body: (
      <>
        <LegalList>
          <li>
            <strong className="font-semibold text-slate-900">Access and export:</strong> use Export Your Data in
            Settings to download a copy of your information.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Correction:</strong> update your name, budget and expenses
            in the app at any time.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Deletion:</strong> use Delete Account in Settings, or ask
            us to delete specific data.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Withdraw consent:</strong> opt out of text messages at
            any time, disconnect banks, or stop using the AI assistant.
          </li>
        </LegalList>
        <p>
          Depending on where you live (for example under the GDPR or the CCPA), you may have additional rights, such
          as objecting to processing or complaining to a data-protection authority. Contact us at <ContactEmail /> and
          we will respond within 30 days.
        </p>
      </>
    ),
  },
  {
    id: "privacy-10",
    title: "Children's Privacy",
    body: (
      <p>
        Hearth Budget is not for people under 13, and we do not knowingly collect personal information from children
        under 13. If you believe a child under 13 has created an account or that we hold a child&rsquo;s information,
        contact us at <ContactEmail /> and we will delete it.
      </p>
    ),
  },
  {
    id: "privacy-11",
    title: "Changes and Contact",
    body: (
      <>
        <p>
          We may update this Privacy Policy as the Service changes. We will update the &ldquo;Last updated&rdquo; date
          and, for significant changes, let you know in the app before they take effect.
        </p>
        <p>
          Questions or requests about your privacy? Write to <ContactEmail /> or send us a message from Support &amp;
          Messages in Settings.
        </p>
      </>
    ),
  },
];
