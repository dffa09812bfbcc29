import { CAROUSEL_LOOP_SECONDS, splitIntoRows } from "~/lib/carousel";
import { chatUrlFor } from "~/lib/site";
import { SoftLinks } from "./soft-links";

/**
 * Rows of prompts scrolling in alternating directions (30 s loop, paused on hover or focus).
 * A prompt opens the chat, which submits it. `prompts` arrive already shuffled.
 */
export function PromptCarousel({ prompts, label }: { prompts: string[]; label: string }) {
  const rows = splitIntoRows(prompts);
  return (
    <SoftLinks className="space-y-3" role="region" label={label}>
      {rows.map((row, index) => (
        <div
          key={index}
          className="marquee overflow-hidden"
          data-testid={`carousel-part-${index + 1}`}
          aria-label={`Part ${index + 1}`}
          role="group"
        >
          <ul
            className="marquee-track flex w-max gap-3"
            data-direction={index % 2 === 0 ? "left" : "right"}
            style={{ ["--marquee-duration" as string]: `${CAROUSEL_LOOP_SECONDS}s` }}
          >
            {[...row, ...row].map((text, i) => (
              <li key={i} aria-hidden={i >= row.length ? true : undefined}>
                <a
                  href={chatUrlFor(text)}
                  tabIndex={i >= row.length ? -1 : undefined}
                  className="block whitespace-nowrap rounded-full border border-brand-100 bg-white px-4 py-2 text-sm text-slate-700 shadow-sm transition hover:border-brand-500 hover:text-brand-700"
                >
                  {text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </SoftLinks>
  );
}
