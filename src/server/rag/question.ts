/** What a question asks for, read from its wording, and how texts that answer it look. */

/** What kind of fact the question asks for. */
export function factsAskedFor(question: string) {
  const q = question.toLowerCase();
  return {
    amount: /\bhow much\b|\bcost|\bfees?\b|\bprice|\bamount|\bsalary|\bwage|\brent\b|\bexpensive|\bcheap|\bbudget|\beur\b|€|\beuros?\b|\bafford|\bearn/.test(q),
    time: /\bhow long\b|\bwhen\b|\bdeadline|\bdate\b|\bdays?\b|\bweeks?\b|\bmonths?\b|\byears?\b|\bduration|\bvalid|\bprocessing time|\bhow fast\b|\bhow soon\b/.test(q),
    count: /\bhow many\b|\bhours?\b|\bnumber of\b|\bminimum\b|\bmaximum\b|\blimit\b|\bscore\b|\bpoints?\b|\blevel\b/.test(q),
    requirement: /\b(?:do|does|will) (?:i|we|you|they|he|she) (?:still )?(?:need|have to)\b|\bmust i\b|\bis (?:it|an?|the) \w+ (?:required|mandatory|compulsory|necessary)|\b(?:required|mandatory|compulsory|obligatory)\b/.test(q),
  };
}

export const AMOUNT = /(?:€\s?\d|\d[\d.,]*\s?(?:€|EUR\b|euros?\b))/i;
export const REQUIREMENT = /\b(?:need|needs|must|required|requires|mandatory|compulsory|obligatory|have to|has to|do not need|don't need|exempt)\b/i;
