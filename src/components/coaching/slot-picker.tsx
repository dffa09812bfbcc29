"use client";

import { useState } from "react";
import { api } from "~/trpc/react";

/**
 * A coach's free slots in the student's own zone: a day, then a start time. `value` is the chosen
 * start (ISO, UTC); the zone comes from the profile and is named above the times.
 */
export function SlotPicker({
  coachId,
  value,
  onChange,
  idPrefix,
}: {
  coachId: string;
  value: string | null;
  onChange: (startsAt: string | null) => void;
  idPrefix: string;
}) {
  const slots = api.coaching.slots.useQuery({ coachId });
  const [day, setDay] = useState<string | null>(null);
  if (slots.isPending) return <p className="text-sm text-slate-500">Loading free slots...</p>;
  if (slots.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {slots.error.message}
      </p>
    );
  const { days, zoneLabel } = slots.data;
  if (!days.length)
    return (
      <p className="text-sm text-slate-600">
        This coach has no free slot in the next three weeks. Please choose another coach or look again later.
      </p>
    );
  const chosenDay = days.find((entry) => entry.date === day) ?? days[0]!;
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500" data-testid="slot-zone">
        Times in your time zone: {zoneLabel}. You can change it in your profile.
      </p>
      <div>
        <label htmlFor={`${idPrefix}-day`} className="field-label">
          Day
        </label>
        <select
          id={`${idPrefix}-day`}
          className="field-input"
          value={chosenDay.date}
          onChange={(event) => {
            setDay(event.target.value);
            onChange(null);
          }}
        >
          {days.map((entry) => (
            <option key={entry.date} value={entry.date}>
              {entry.label} ({entry.slots.length} free)
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="field-label">Start time</legend>
        <div className="flex flex-wrap gap-2">
          {chosenDay.slots.map((slot) => {
            const checked = value === slot.startsAt;
            return (
              <label
                key={slot.startsAt}
                className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${checked ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-slate-300"}`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${idPrefix}-slot`}
                  value={slot.startsAt}
                  checked={checked}
                  onChange={() => onChange(slot.startsAt)}
                />
                {slot.time}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
