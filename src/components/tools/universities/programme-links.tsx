"use client";

import { useId, useState } from "react";
import { daadProgrammesUrl, HOCHSCHULKOMPASS_URL, PROGRAMME_LEVELS, type ProgrammeLevel } from "~/lib/schemas/tools/universities";

/**
 * No programme list may be redistributed here, so programmes are searched in the official databases:
 * the DAAD's International Programmes (its address takes a search text and a degree level, filled in
 * from the user's search) and the HRK Hochschulkompass (opened at its start page; what to enter is said).
 */
export function ProgrammeLinks({ defaultText, lookingFor }: { defaultText: string; lookingFor: string }) {
  const id = useId();
  const [text, setText] = useState(defaultText);
  const [level, setLevel] = useState<ProgrammeLevel | "">("");
  const daad = daadProgrammesUrl(text, level || undefined);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Find a programme
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        We do not list degree programmes: no programme list may be shared under an open licence. These links open the official databases in
        a new tab.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-text`} className="field-label">
            Search text
          </label>
          <input
            id={`${id}-text`}
            className="field-input"
            maxLength={100}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Subject, university or city"
          />
        </div>
        <div>
          <label htmlFor={`${id}-level`} className="field-label">
            Degree
          </label>
          <select
            id={`${id}-level`}
            className="field-input"
            value={level}
            onChange={(e) => setLevel(e.target.value as ProgrammeLevel | "")}
          >
            <option value="">Any degree</option>
            {PROGRAMME_LEVELS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ul className="mt-4 space-y-3 text-sm">
        <li>
          <a href={daad} target="_blank" rel="noopener noreferrer" className="btn-primary">
            Search DAAD International Programmes
          </a>
          <p className="mt-1 text-xs text-slate-500">
            Official database of the German Academic Exchange Service (international degree programmes, mostly taught in English), opened
            with
            {text.trim() ? <> the search text &ldquo;{text.trim()}&rdquo;</> : " no search text"}
            {level ? ` and ${PROGRAMME_LEVELS.find((option) => option.value === level)?.label} degrees` : ""}. If it finds nothing, search
            for the subject and choose {lookingFor} in its filters.
          </p>
        </li>
        <li>
          <a href={HOCHSCHULKOMPASS_URL} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            Open the Hochschulkompass
          </a>
          <p className="mt-1 text-xs text-slate-500">
            The German Rectors&apos; Conference&apos;s database of all programmes (German and English). Its address takes no search, so
            enter the subject and {lookingFor} in its programme search.
          </p>
        </li>
      </ul>
    </section>
  );
}
