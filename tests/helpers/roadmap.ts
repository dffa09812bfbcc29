import type { RoadmapIntake } from "~/lib/schemas/roadmap";

/** The year of the next winter semester that has not started (it starts on 1 October). */
export function nextWinterYear(today = new Date().toISOString().slice(0, 10)): number {
  const year = Number(today.slice(0, 4));
  return today < `${year}-10-01` ? year : year + 1;
}

/** An intake form's answers: an Indian master's applicant, English-taught at B2 without a certificate, with a blocked account. */
export function roadmapIntake(fields: Partial<RoadmapIntake> = {}): RoadmapIntake {
  return {
    nationality: "IN",
    programType: "master",
    intakeTerm: "winter",
    intakeYear: nextWinterYear(),
    programmeLanguage: "english",
    languageLevel: "B2",
    hasLanguageCertificate: false,
    directEntry: "yes",
    fundingPlan: "blocked-account",
    ...fields,
  };
}
