import { ContactEmail, LegalList, type LegalSection } from "./legal-section";

export const TERMS_INTRO = (
  <p>
    These Terms of Service explain the rules for using Hearth Budget, a chat-first budgeting app for individuals and
    households. We have tried to write them in plain language. Please read them together with the Privacy Policy
    below, which explains what we do with your information.
  </p>
);

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: "terms-1",
    title: "Acceptance of Terms",
    body: (
      <>
        <p>
          By creating an account, accepting a budget invitation, or otherwise using Hearth Budget (the
          &ldquo;Service&rdquo;), you agree to these Terms and to the Privacy Policy. If you do not agree, please do not
          use the Service.
        </p>
        <p>
          If you use the Service on behalf of someone else, for example to manage a household budget, you confirm that
          you are allowed to share their information with us for that purpose.
        </p>
      </>
    ),
  },
  {
    id: "terms-2",
    title: "Eligibility and Your Account",
    body: (
      <>
        <p>
          The Service is not intended for people under 13, and you may not create an account if you are under 13. If
          you are under the age of majority where you live, you may use the Service only with the involvement of a
          parent or guardian.
        </p>
        <LegalList>
          <li>
            You sign in with an e-mail address and password or with a supported sign-in provider. Keep your password
            private; you are responsible for activity under your account.
          </li>
          <li>
            We ask for your first name, last name and phone number to complete your profile. Please keep them accurate.
          </li>
          <li>
            Agreeing to receive text messages (SMS) is optional, off by default, and not a condition of using the
            Service. Message and data rates from your carrier may apply.
          </li>
          <li>
            Tell us promptly at <ContactEmail /> if you believe someone else has accessed your account.
          </li>
        </LegalList>
      </>
    ),
  },
  {
    id: "terms-3",
    title: "Shared Budgets and Roles",
    body: (
      <>
        <p>A budget can be shared with other people in your household. Every member has one of two roles:</p>
        <LegalList>
          <li>
            <strong className="font-semibold text-slate-900">Owner</strong> &ndash; the person who created the budget.
            The owner invites people by e-mail or with an invitation link, manages pending invitations, and decides who
            belongs to the budget.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Member</strong> &ndash; someone who accepted an
            invitation. Members can view the budget and the spendable amount, add expenses, see the expenses logged by
            other members, and chat with the assistant about the shared budget.
          </li>
        </LegalList>
        <p>
          Anything you add to a shared budget, including expenses, the original chat text you used to log them, and
          your name next to them, is visible to every member of that budget. Invitation links work for anyone who has
          them, so share them only with people you trust, and only invite people who have agreed to share finances
          with you.
        </p>
      </>
    ),
  },
  {
    id: "terms-4",
    title: "Acceptable Use",
    body: (
      <>
        <p>You agree not to:</p>
        <LegalList>
          <li>use the Service for anything unlawful, including fraud or money laundering;</li>
          <li>upload statements or connect bank accounts that you are not authorized to access;</li>
          <li>access another person&rsquo;s account or budget without their permission;</li>
          <li>
            probe, overload or disrupt the Service, bypass its security or rate limits, or scrape it with automated
            tools;
          </li>
          <li>
            use the assistant or the support inbox to send abusive, harassing or illegal content, or try to make the
            assistant reveal other people&rsquo;s data;
          </li>
          <li>resell, copy or reverse engineer the Service except where the law allows it.</li>
        </LegalList>
      </>
    ),
  },
  {
    id: "terms-5",
    title: "AI Assistant and No Financial Advice",
    body: (
      <>
        <p>
          The chat assistant helps you log expenses, set up your budget and answer questions about your own numbers.
          When it is enabled, your chat messages may be processed by an AI model provider (currently OpenAI) to
          produce replies and to read amounts and categories out of what you type or upload.
        </p>
        <p>
          The assistant can make mistakes. It may misread an amount, pick the wrong category, or give an answer that
          is incomplete or out of date. Please review what it logs and correct it when needed. The assistant, budget
          calculations, price suggestions and debt plans are general information to help you organize your money.
          They are not financial, investment, tax, legal or credit advice, and Hearth Budget is not a bank, lender or
          licensed financial adviser. For important decisions, talk to a qualified professional.
        </p>
      </>
    ),
  },
  {
    id: "terms-6",
    title: "Bank Connections via Plaid",
    body: (
      <>
        <p>
          Connecting a bank account is optional. We use Plaid Inc. (&ldquo;Plaid&rdquo;) to connect to your bank. You
          enter your bank credentials in Plaid&rsquo;s window, not in Hearth Budget, and we never see or store your
          bank password. By connecting an account you also agree to Plaid&rsquo;s own terms and privacy policy, and
          you authorize us to receive account and transaction information from Plaid to match transactions with your
          budget.
        </p>
        <p>
          Connections are read-only: the Service cannot move money or make payments. Bank data may be delayed,
          incomplete or inaccurate, and we are not responsible for errors made by your bank or by Plaid. You can
          remove a connected account at any time from Bank Connections.
        </p>
      </>
    ),
  },
  {
    id: "terms-7",
    title: "Uploaded Statements and Your Content",
    body: (
      <>
        <p>
          You can upload bank statements (CSV, text or PDF) so the Service can extract and categorize transactions for
          you to review. Upload only files that belong to you or that you are authorized to use, and remove anything
          you do not want processed before uploading. Uploaded files are kept in secure object storage and may be
          processed by our AI provider to extract transactions.
        </p>
        <p>
          You keep ownership of everything you put into the Service: budgets, expenses, messages and files. You give
          us a limited permission to store, process and display that content only as needed to run the Service for you
          and the members of your budgets. We do not sell your content.
        </p>
      </>
    ),
  },
  {
    id: "terms-8",
    title: "Fees and Changes to the Service",
    body: (
      <>
        <p>
          Hearth Budget is currently free to use. If we introduce paid features, we will tell you in advance, show the
          price clearly, and never charge you without your explicit agreement.
        </p>
        <p>
          We improve the Service over time and may add, change or remove features. We may also update these Terms.
          When a change is significant, we will give notice in the app (for example on the New Features page or in
          Support &amp; Messages) and update the &ldquo;Last updated&rdquo; date. If you keep using the Service after
          a change takes effect, the updated Terms apply; if you do not agree, you can delete your account.
        </p>
      </>
    ),
  },
  {
    id: "terms-9",
    title: "Suspension and Termination",
    body: (
      <>
        <p>
          You can stop using the Service at any time. Delete Account in Settings permanently removes your account, and
          Export Your Data lets you download a copy first.
        </p>
        <p>
          We may suspend or close an account that breaks these Terms, puts other users or the Service at risk, or is
          required to be closed by law. Where reasonable, we will tell you why and give you a chance to export your
          data first. What happens to your data after an account is closed is described in the Privacy Policy
          (section 8).
        </p>
      </>
    ),
  },
  {
    id: "terms-10",
    title: "Disclaimers",
    body: (
      <>
        <p>
          The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. We work hard to keep it
          accurate and online, but we do not promise that it will be uninterrupted, error-free, or that balances,
          spendable amounts, categorizations, imported transactions or AI answers will always be correct.
        </p>
        <p>
          You remain responsible for your own financial decisions and for checking important figures against your
          bank&rsquo;s records. Nothing in these Terms limits rights you have under consumer-protection laws that
          cannot be waived.
        </p>
      </>
    ),
  },
  {
    id: "terms-11",
    title: "Limitation of Liability",
    body: (
      <>
        <p>
          To the fullest extent the law allows, Hearth Budget and its operators are not liable for indirect,
          incidental, special or consequential losses, such as overdraft fees, late fees, missed payments, or lost
          savings, that result from using or being unable to use the Service, from AI output, or from data provided
          by banks or Plaid.
        </p>
        <p>
          Because the Service is free, our total liability for any claim relating to the Service is limited to the
          greater of the amount you paid us in the 12 months before the claim (if any) or US$50. Some places do not
          allow these limits, so they may not fully apply to you.
        </p>
      </>
    ),
  },
  {
    id: "terms-12",
    title: "Governing Law and Contact",
    body: (
      <>
        <p>
          These Terms are governed by the laws of the place where the operator of Hearth Budget is established,
          without regard to conflict-of-law rules, except where the laws of your home country give you protections
          that cannot be waived. Before starting a formal dispute, please contact us so we can try to resolve the
          issue informally.
        </p>
        <p>
          Questions about these Terms? Write to <ContactEmail /> or use Support &amp; Messages in Settings.
        </p>
      </>
    ),
  },
];
