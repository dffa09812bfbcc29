import { describe, expect, it } from "vitest";
import { entitiesOf, followUpInstructions, pointedSubject, resolveFollowUp } from "~/server/rag/follow-up";

describe("resolveFollowUp", () => {
  const cases: { history: string[]; question: string; standalone: string }[] = [
    {
      history: ["How much does a room in a shared flat cost in Berlin?"],
      question: "and in Munich?",
      standalone: "How much does a room in a shared flat cost in Munich?",
    },
    {
      history: ["How much is rent in Munich?"],
      question: "same for Berlin",
      standalone: "How much is rent in Berlin?",
    },
    // A university town of the University Finder, typed in lower case.
    {
      history: ["How much is rent in Munich?"],
      question: "same for bamberg",
      standalone: "How much is rent in Bamberg?",
    },

    {
      history: ["Can I work while doing my master's in Germany?"],
      question: "what about a PhD?",
      standalone: "Can I work while doing my PhD in Germany?",
    },
    {
      history: ["How much money do I need in the blocked account?"],
      question: "and for a PhD?",
      standalone: "How much money do I need in the blocked account for a PhD?",
    },
    {
      history: ["Can my husband come with me to Germany?"],
      question: "and for my wife?",
      standalone: "Can my wife come with me to Germany?",
    },
    {
      history: ["Do I need APS as a student from India?"],
      question: "and from Pakistan?",
      standalone: "Do I need APS as a student from Pakistan?",
    },
    {
      history: ["How do I apply for a student visa?"],
      question: "how long does it take?",
      standalone: "How long does it take (apply for a student visa)?",
    },
    { history: ["How much is rent in Munich?"], question: "how much?", standalone: "How much (rent in Munich)?" },
    {
      history: ["Can my wife work in Germany?"],
      question: "and what about health insurance?",
      standalone: "Health insurance for my wife?",
    },
    {
      history: ["What documents do I need for the student visa?"],
      question: "and for a language course?",
      standalone: "What documents do I need for the student visa for a language course?",
    },
    {
      history: ["What salary do I need for the Blue Card?"],
      question: "and for IT jobs?",
      standalone: "What salary do I need for the Blue Card for IT jobs?",
    },
    {
      history: ["What is the application deadline for the winter semester?"],
      question: "and for the summer semester?",
      standalone: "What is the application deadline for the summer semester?",
    },
    {
      history: ["How much deposit can my landlord ask?"],
      question: "when do i get it back?",
      standalone: "When do i get it back (deposit can my landlord ask)?",
    },
    // A clause that says nothing of its own ("ok thanks") leaves the pointing word pointing back.
    {
      history: ["How much deposit can my landlord ask?"],
      question: "ok thanks, when do i get it back?",
      standalone: "Thanks, when do i get it back (deposit can my landlord ask)?",
    },
    {
      history: ["Can my husband come with me to Germany?"],
      question: "can he work there?",
      standalone: "Can he work there (husband come with me to Germany)?",
    },
    {
      history: ["Which visa do I need to study a master's in Germany?"],
      question: "and as a PhD student?",
      standalone: "Which visa do I need to study a PhD in Germany?",
    },
    {
      history: ["Can I work during my bachelor's?"],
      question: "and as a master's student?",
      standalone: "Can I work during my master's?",
    },
    {
      history: ["How do I register my address in Germany?"],
      question: "what documents do i bring?",
      standalone: "What documents do i bring (register my address in Germany)?",
    },
    {
      history: ["How much is student health insurance?"],
      question: "what happens when i turn 30?",
      standalone: "What happens when i turn 30 (student health insurance)?",
    },
    {
      history: ["what do i do after landing in germany?"],
      question: "and what comes after the registration?",
      standalone: "What comes after the registration (do after landing in germany)?",
    },
    {
      history: ["How do I apply for a student visa?"],
      question: "what's next?",
      standalone: "What's next (apply for a student visa)?",
    },
    // A chain of follow-ups keeps its subject.
    {
      history: ["How much is rent in Berlin?", "and in Munich?"],
      question: "and for a PhD?",
      standalone: "How much is rent in Munich for a PhD?",
    },
    // A qualifier followed by a question of its own about something new stands alone.
    {
      history: ["What is the Blue Card salary threshold for IT jobs?"],
      question: "with the blue card how fast can I get permanent residence",
      standalone: "with the blue card how fast can I get permanent residence",
    },
    {
      history: ["Can I work 20 hours a week as a student?"],
      question: "and as a PhD student, what health insurance do I need?",
      standalone: "and as a PhD student, what health insurance do I need?",
    },
  ];
  it.each(cases)("reads $question after $history as $standalone", ({ history, question, standalone }) => {
    expect(resolveFollowUp(question, history)).toBe(standalone);
  });

  it.each([
    { history: [], question: "and in Munich?" },
    { history: ["How much is rent in Munich?"], question: "What is the Rundfunkbeitrag?" },
    { history: ["How much is rent in Munich?"], question: "Can I get a flat in April?" },
    {
      history: ["How much money do I need in the blocked account?"],
      question: "How much is health insurance per month?",
    },
    // "it" is the confirmation the message names in its first clause, not the previous question's subject.
    {
      history: ["just landed in frankfurt yesterday, what do i do first?"],
      question: "my landlord still hasnt given me the wohnungsgeberbestätigung, can i register without it?",
    },
  ])("leaves a question that stands on its own as it is: $question", ({ history, question }) => {
    expect(resolveFollowUp(question, history)).toBe(question);
  });

  it("names what a question is about: city, degree level, nationality, person, purpose", () => {
    const found = entitiesOf("Can my wife join me in Munich during my master's if I am from India and do a language course?");
    expect(found.map((e) => [e.kind, e.value])).toEqual([
      ["person", "my wife"],
      ["place", "Munich"],
      ["level", "master's"],
      ["nationality", "India"],
      ["purpose", "language course"],
    ]);
  });

  it("tells a hosted model what a follow-up asks, and nothing for a standalone question", () => {
    expect(followUpInstructions("and in Munich?", "How much is rent in Munich?")).toContain('"How much is rent in Munich?"');
    expect(followUpInstructions("How much is rent?", "How much is rent?")).toBeNull();
  });
});

describe("pointedSubject", () => {
  it.each([
    ["Do i pay tax on that (earn with a werkstudent job)?", "earn with a werkstudent job"],
    ["Can i get child benefit for her (daughter come with me to germany)?", "daughter come with me to germany"],
  ])("%s names its own subject; the one in brackets is the case: %s", (standalone, subject) => {
    expect(pointedSubject(standalone)).toBe(subject);
  });

  it.each([
    // asked only of the subject in brackets: it is the subject
    "How long does it take (apply for a student visa)?",
    "How much do i get per month from it (money do I have to put in the blocked account)?",
    "What happens when i turn 30 (student health insurance)?",
    // no subject in brackets
    "How much is a room in Munich?",
    "What is the Blue Card (Blaue Karte EU) salary in 2026?  extra",
  ])("%s: null", (standalone) => {
    expect(pointedSubject(standalone)).toBeNull();
  });
});
