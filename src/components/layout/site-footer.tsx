import Link from "next/link";
import { SITE } from "~/lib/site";
import { Newsletter } from "./newsletter";
import { NewsletterFields } from "./newsletter-fields";

const COLUMNS = [
  {
    title: "About",
    links: [
      { label: "About us", href: "/about" },
      { label: "Real stories", href: "/about/real-stories" },
      { label: "Team", href: "/about/team" },
      { label: "Careers", href: "/careers" },
      { label: "Contact", href: "/about/contact" },
    ],
  },
  {
    title: "Services",
    links: [
      { label: "Consultation", href: "/services/consultation" },
      { label: "Document review", href: "/services/document-review" },
      { label: "Visa assistance", href: "/services/visa-assistance" },
      { label: "Career guidance", href: "/services/career-guidance" },
      { label: "For institutes", href: "/institutes" },
      { label: "For businesses", href: "/business" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Student topics", href: "/students" },
      { label: "Community", href: "/community" },
      { label: "How it works", href: "/how-it-works" },
      { label: "Pricing", href: "/pricing" },
      { label: "Tools", href: "/tools" },
      { label: "Compare countries", href: "/compare" },
      { label: "Study roadmap", href: "/roadmap" },
      { label: "FAQ", href: "/faq" },
    ],
  },
];

/** The site's footer; the support hours come from the site texts (/admin/site-texts). */
export function SiteFooter({ supportHours }: { supportHours: string }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-6">
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-white">Connect</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SITE.social.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className="hover:text-white hover:underline">
                  {link.name}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${SITE.email}`} className="hover:text-white hover:underline">
                {SITE.email}
              </a>
            </li>
          </ul>
        </div>
        <div className="sm:col-span-2 lg:col-span-2">
          <Newsletter>
            <NewsletterFields />
          </Newsletter>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-2">
          <address className="not-italic">
            <span className="font-semibold text-white">Contact</span>
            <br />
            {SITE.address.length > 0 ? (
              <>
                {SITE.address.join(", ")}
                <br />
              </>
            ) : null}
            <a href={`mailto:${SITE.email}`} className="hover:text-white hover:underline">
              {SITE.email}
            </a>{" "}
            · Support {supportHours}
          </address>
          <div className="space-y-2 sm:text-right">
            <p className="space-x-3">
              <Link href="/privacy" className="hover:text-white hover:underline">
                Privacy
              </Link>
              <Link href="/terms" className="hover:text-white hover:underline">
                Terms
              </Link>
              <Link href="/imprint" className="hover:text-white hover:underline">
                Imprint
              </Link>
              <Link href="/about/contact" className="hover:text-white hover:underline">
                Support
              </Link>
            </p>
            {/* Every page renders per request (the root layout), so this is the current year. */}
            <p>
              © {new Date().getFullYear()} {SITE.brand}. All rights reserved.
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
