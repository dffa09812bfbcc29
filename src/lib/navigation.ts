/**
 * The two-level side menu. An entry with children opens a second level with a Back entry;
 * Students' children are the thread titles loaded from the server. Institutes and Businesses have
 * children without routes of their own: they open a section of their parent page.
 */
export interface MenuEntry {
  label: string;
  href?: string;
  children?: MenuEntry[];
  /** The children come from the server's threads. */
  threadChildren?: boolean;
}

export const SIDE_MENU: MenuEntry[] = [
  { label: "Home", href: "/" },
  { label: "SwipeAI chat", href: "/swipe-ai" },
  { label: "Students", href: "/students", threadChildren: true },
  {
    label: "Services",
    href: "/services",
    children: [
      { label: "Consultation", href: "/services/consultation" },
      { label: "Document Review", href: "/services/document-review" },
      { label: "Visa Assistance", href: "/services/visa-assistance" },
      { label: "Career Guidance", href: "/services/career-guidance" },
    ],
  },
  {
    label: "Tools",
    href: "/tools",
    children: [
      { label: "Visa Checker", href: "/tools/visa-checker" },
      { label: "University Finder", href: "/tools/university-finder" },
      { label: "Scholarship Search", href: "/tools/scholarship-search" },
      { label: "Cost Calculator", href: "/tools/cost-calculator" },
      { label: "Compare Countries", href: "/compare" },
      { label: "Study Roadmap", href: "/roadmap" },
    ],
  },
  { label: "Community", href: "/community" },
  {
    label: "Institutes",
    href: "/institutes",
    children: [
      { label: "Partner With Us", href: "/institutes#partner-with-us" },
      { label: "Tools for Institutes", href: "/institutes#tools-for-institutes" },
    ],
  },
  {
    label: "Businesses",
    href: "/business",
    children: [
      { label: "Join as a Business", href: "/business#join-as-a-business" },
      { label: "Business Solutions", href: "/business#business-solutions" },
    ],
  },
  { label: "How it works", href: "/how-it-works" },
  { label: "Pricing", href: "/pricing" },
  {
    label: "About",
    href: "/about",
    children: [
      { label: "Real Stories", href: "/about/real-stories" },
      { label: "Team", href: "/about/team" },
      { label: "Contact", href: "/about/contact" },
    ],
  },
  { label: "FAQ", href: "/faq" },
];

/** The id of a topic's section on /students, shared by the menu and the page. */
export function topicAnchor(slug: string): string {
  return `topic-${slug}`;
}

/** Manage is for admins only, hidden under /admin (it opens /admin in a new tab). */
export function showsManage(role: string | undefined, pathname: string): boolean {
  return role === "admin" && !pathname.startsWith("/admin");
}
