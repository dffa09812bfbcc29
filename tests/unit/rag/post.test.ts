import { describe, expect, it } from "vitest";
import postWords from "~/content/post-words.json";
import { isGerman, questionsOfPost, withoutGermanFunctionWords } from "~/server/rag/post";

const asked = (post: string) => questionsOfPost(post).map((q) => q.asked);
const searched = (post: string) => questionsOfPost(post).map((q) => q.question);

describe("the question stage", () => {
  it.each([
    ["how much is the blocked account", ["how much is the blocked account"]],
    ["Hi! how much is the blocked account?", ["how much is the blocked account?"]],
    ["What is the broadcasting fee and do students have to pay it?", ["What is the broadcasting fee and do students have to pay it?"]],
    ["is uni really free in germany or do non eu people pay", ["is uni really free in germany or do non eu people pay"]],
    [
      "Wie viel Geld muss ich für das Sperrkonto nachweisen und wie lange dauert die Eröffnung?",
      ["Wie viel Geld muss ich für das Sperrkonto nachweisen?", "wie lange dauert die Eröffnung?"],
    ],
  ])("reads %j as %j", (post, expected) => {
    expect(asked(post)).toEqual(expected);
  });

  it("reads a long post for its questions: no greeting, no story, a question that points back gets the sentence before", () => {
    const post =
      "Hi, I'm from Nigeria and just got admitted to a master's in Aachen starting October. My parents will sponsor me but I heard I still need some kind of special bank account? How much money exactly and how long does it take to open one? Thanks in advance!";
    expect(asked(post)).toEqual([
      "My parents will sponsor me but I heard I still need some kind of special bank account?",
      "How much money exactly?",
      "how long does it take to open one?",
    ]);
    const [, amount, time] = searched(post);
    expect(amount).toContain("special bank account");
    expect(time).toContain("special bank account");
    // The second fact is searched for what the first asks about, not for "how much" again.
    expect(time).not.toMatch(/how much/i);
    for (const question of searched(post)) expect(question).not.toMatch(/Nigeria|Aachen|Thanks/);
  });

  it("reads a sentence without a question mark as a question only when it opens like one", () => {
    const post =
      "I'm getting a stipend as a grad student, about 3K a year. Does it mean that I could go there as a tourist and look for a job? was thinking I could save that money and use it to rent a flat. Can I apply for the permit here before I leave. Have been reading the embassy's page for days.";
    expect(asked(post)).toEqual([
      "Does it mean that I could go there as a tourist and look for a job?",
      "Can I apply for the permit here before I leave.",
    ]);
  });

  it("reads a sentence of no words (an ellipsis, '[...]') as nothing, so it never stands in for a question's context", () => {
    const post =
      "We employ several working students and keep getting questions about when the privilege ends after the final exam. [...] Is this approach correct? Thanks in advance!";
    expect(searched(post)).toEqual([
      "We employ several working students and keep getting questions about when the privilege ends after the final exam. Is this approach correct?",
    ]);
  });

  it("searches every question of a post with its title, a short first line that is no sentence of its own", () => {
    const post =
      "Bafög und Nebenjob\nHallo, ich bekomme seit dem Wintersemester Bafög und jobbe nebenbei im Café. Wie viel darf ich dazuverdienen? Muss ich das dem Amt melden?";
    // The body is short: it is read whole, without the greeting, and searched with the title.
    expect(searched(post)).toEqual([
      "Bafög und Nebenjob: ich bekomme seit dem Wintersemester Bafög und jobbe nebenbei im Café. Wie viel darf ich dazuverdienen? Muss ich das dem Amt melden?",
    ]);
    const long = `Minijob und Werkstudent\n${"Ich arbeite seit einem Jahr in einem Minijob am Wochenende und verdiene dort etwa 500 Euro im Monat. "}Jetzt bekomme ich ein Angebot als Werkstudent mit 16 Stunden. Geht beides zusammen? Was passiert mit meiner Versicherung?`;
    expect(asked(long)).toEqual(["Geht beides zusammen?", "Was passiert mit meiner Versicherung?"]);
    for (const question of searched(long)) expect(question).toMatch(/^Minijob und Werkstudent: /);
    // A first line that greets, asks or ends a sentence is no title.
    expect(searched("Hi all\nCan I extend my visa in Germany?")[0]).not.toContain("Hi all:");
    expect(searched("Is the Sperrkonto amount still 11,904?\nI ask for my sister.")[0]).not.toContain(":");
  });

  it("answers a question the post asks again in other words once, where it was asked first", () => {
    const post =
      "Visa issued for only 2 months: why? and is it a common practice?\nI applied for a student visa several weeks ago and got a D visa valid for only 2 months, although my studies last two years. Is this a common practice? If so, why?";
    expect(asked(post)).toEqual(["Visa issued for only 2 months: why?", "and is it a common practice?", "If so, why?"]);
    // Different subjects are kept, however alike the questions' openings.
    expect(
      asked(
        "I plan to start a master's degree in Germany next year and I am comparing the costs of the cities where I got offers. How much is rent in Munich? How much is rent in Berlin?",
      ),
    ).toHaveLength(2);
  });

  it("keeps at most three questions, and finds a question after a full stop in lower case", () => {
    const post =
      "hello, i am 27 and will start my phd in Berlin next spring, my contract is a stipend not an employment contract. which health insurance should i take, public or private?";
    expect(asked(post)).toEqual(["which health insurance should i take, public or private?"]);
    const many =
      "I have four questions about my move to Germany next year, which I am planning now. Can I work? Do I need a visa? How much is rent? Where do I register?";
    expect(asked(many)).toHaveLength(3);
  });

  it("tells German posts from English ones with German terms", () => {
    expect(isGerman("Darf ich als internationale Studentin neben dem Studium arbeiten?")).toBe(true);
    expect(isGerman("How long do I have for the Anmeldung after I move into my WG?")).toBe(false);
    // Any common German word counts, but not one that is also English ("was", "also", "will", "in").
    expect(isGerman("Wann beginnt das Wintersemester?")).toBe(true);
    expect(isGerman("Sehr geehrter Herr Hartmann, vor fünf Jahren bin ich als Studentin nach Deutschland gekommen.")).toBe(true);
    expect(isGerman("It was also in the news: will the fee rise in 2027?")).toBe(false);
    expect(withoutGermanFunctionWords("Wie viel Geld muss ich für das Sperrkonto nachweisen?")).toBe("Geld Sperrkonto nachweisen?");
    // What is asked ("lohnt sich"), not about what: left out of the search too.
    expect(withoutGermanFunctionWords("Lohnt sich die Steuererklärung als Werkstudent?")).toBe("Steuererklärung Werkstudent?");
    // English words are kept, even where German spells a word the same way.
    expect(withoutGermanFunctionWords("How long is the visa valid?")).toBe("How long is the visa valid?");
    // In a German post every German stop word goes ("bis", "um", "sein"), typed with or without umlauts;
    // words that name a measure asked about stay ("Tage", "Jahre").
    expect(withoutGermanFunctionWords("Bis wann muss ich mich anmelden, um nicht zu spät zu sein?")).toBe("anmelden, spät?");
    expect(withoutGermanFunctionWords("Wie viele Tage im Jahr darf ich ueber die Grenze arbeiten?")).toBe("Tage Jahr Grenze arbeiten?");
    // Outside a German post, a German stop word that is also English stays ("will", "also").
    expect(withoutGermanFunctionWords("Will my wife also need a visa?")).toBe("Will my wife also need a visa?");
    // German words that are English words of another meaning are read in English, in German posts only.
    expect(withoutGermanFunctionWords("Wie viele Stunden darf ich aus einem Nicht-EU-Land arbeiten?")).toBe(
      "Stunden -EU-country arbeiten?",
    );
    expect(withoutGermanFunctionWords("Welche Laender gehoeren zum Schengen-Raum?")).toBe("countries gehoeren Schengen-Raum?");
    expect(withoutGermanFunctionWords("Ich sehe fast nichts davon, ist das so rechtens?")).toBe("sehe, rechtens?");
    expect(withoutGermanFunctionWords("Where can I land a student job?")).toBe("Where can I land a student job?");
  });
});

describe("the post word lists", () => {
  it("hold lower-case words and phrases only: filler stems are single words, nothing names a subject", () => {
    for (const stem of postWords.fillerStems) expect(stem, JSON.stringify(stem)).toMatch(/^[a-z]+$/);
    const { $comment, germanFalseFriends, ...wordLists } = postWords;
    const lists = Object.entries({ ...wordLists, germanFalseFriends: Object.keys(germanFalseFriends) });
    for (const [list, entries] of lists)
      for (const entry of entries) expect(entry, `${list}: ${JSON.stringify(entry)}`).toMatch(/^[\p{Ll}\d' ’.-]+$/u);
  });
});
