import { type DeliveredEntitlement, PLAN_IDS, type PlanId, plansWithFeature } from "./plans";

/** The services of /services and its four children: what each one is and which plans include it. */
export interface ServiceInfo {
  slug: "consultation" | "document-review" | "visa-assistance" | "career-guidance";
  name: string;
  summary: string;
  includes: string[];
  howItWorks: string[];
  plans: PlanId[];
  planNote: string;
  /** The people-delivered entitlement it is: until someone can deliver it, the page says when it opens. */
  entitlement?: DeliveredEntitlement;
}

export const SERVICES: ServiceInfo[] = [
  {
    slug: "consultation",
    name: "Consultation",
    summary:
      "A 1-on-1 video session with a coach who studied in Germany, to check your plan and answer what the assistant cannot decide for you.",
    includes: [
      "A 45-minute video call in English with a coach matched to your field",
      "A review of your shortlist of universities and programmes",
      "A written summary with your next steps and deadlines",
      "Follow-up questions by message for 7 days",
    ],
    howItWorks: [
      "Choose a topic and share your profile before the call.",
      "Your coach prepares with your documents and questions.",
      "After the call you receive the summary in your profile.",
    ],
    plans: plansWithFeature("coaching"),
    planNote: "1-on-1 coaching is part of the Unlimited plan.",
    entitlement: "coaching",
  },
  {
    slug: "document-review",
    name: "Document Review",
    summary: "Have your CV, motivation letter and application documents checked against what German universities and uni-assist expect.",
    includes: [
      "Checks for completeness: certified copies, translations, APS certificate, language certificates",
      "Feedback on your motivation letter and Europass or German-style CV",
      "A checklist of what is missing before you submit",
    ],
    howItWorks: [
      "Upload PDF, JPEG, PNG or Word (.docx) files (up to 10 MB each) under Documents in your profile.",
      "A reviewer comments on each document, usually within 3 working days.",
      "Fix, re-upload and submit with confidence.",
    ],
    plans: plansWithFeature("documentReview"),
    planNote: "Included in Pro and Unlimited.",
    entitlement: "documentReview",
  },
  {
    slug: "visa-assistance",
    name: "Visa Assistance",
    summary:
      "Prepare the national student visa (section 16b) and your residence permit: documents, blocked account, insurance and appointment.",
    includes: [
      "The document checklist for your embassy or the Consular Services Portal",
      "Proof of financial resources: blocked account amount, scholarship or formal obligation (Verpflichtungserklärung)",
      "Health insurance for the visa and after enrolment",
      "Preparing the residence permit appointment after arrival",
    ],
    howItWorks: [
      "Ask SwipeAI for the checklist that applies to your country and case.",
      "Follow your personalised roadmap with the deadlines that matter.",
      "On Unlimited, a coach checks your file before the appointment.",
    ],
    plans: [...PLAN_IDS],
    planNote:
      "Visa answers are available on every plan; the personalised roadmap comes with Pro and Unlimited, the coach check with Unlimited.",
  },
  {
    slug: "career-guidance",
    name: "Career Guidance",
    summary:
      "Plan work during and after your studies: student jobs, internships, the 18-month job-search permit, the EU Blue Card and settlement.",
    includes: [
      "Working-hour limits for students and what counts as a Werkstudent job",
      "Internships and self-employment while studying",
      "After graduation: job-search permit, skilled-worker permits and the EU Blue Card",
      "A CV and application review for the German job market",
    ],
    howItWorks: [
      "Ask SwipeAI about your situation and read the sourced answers.",
      "Turn them into a career roadmap with Pro.",
      "Rehearse interviews and negotiate offers with a coach on Unlimited.",
    ],
    plans: [...PLAN_IDS],
    planNote: "Answers on every plan; roadmaps and document review with Pro and Unlimited; coaching with Unlimited.",
  },
];

export function findService(slug: string): ServiceInfo | undefined {
  return SERVICES.find((service) => service.slug === slug);
}
