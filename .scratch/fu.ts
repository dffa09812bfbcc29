import { resolveFollowUp } from "../src/server/rag/follow-up";
const cases: [string, string][] = [
  ["how long can i stay after graduation to look for work?", "can i work any job during that time?"],
  ["what salary do i need for the blue card?", "and for IT or engineering jobs?"],
  ["which visa do i need to study a masters in germany?", "and as a phd student?"],
  ["what do i do after landing in germany?", "and what comes after the registration?"],
  ["how do i register my address in germany?", "what documents do i bring?"],
  ["how do i see a doctor in germany?", "what do i bring to the appointment?"],
  ["how much is student health insurance?", "what happens when i turn 30?"],
  ["which scholarships can i get for a masters in germany?", "and for a phd?"],
  ["can my daughter come with me to germany?", "and can i get child benefit for her?"],
  ["can i travel to other EU countries with my german residence permit?", "and with only the visa before i get the card?"],
  ["how much can i earn with a werkstudent job?", "and do i pay tax on that?"],
  // my own, not in the set
  ["how much is a room in Berlin?", "and in Leipzig?"],
  ["what documents do i need for the student visa?", "how long does it take?"],
  ["how many hours can i work as a student?", "and as a phd student?"],
  ["how much does the Deutschlandticket cost?", "can i use it in other cities?"],
  ["do i need APS as an indian student?", "what about for a phd?"],
];
for (const [h, q] of cases) console.log(`${h} -> ${q}\n    => ${resolveFollowUp(q, [h])}`);
