import { factAboutAnotherPlace } from "../src/server/rag/question";
for (const q of ["what is the capital of australia", "population of canada", "Canada's capital city", "what's the weather in Paris this week", "who is the president of the USA",
  "I am from India, what is the minimum salary for a blue card", "is the weather in Hamburg bad", "what currency do they use in Poland", "I live in Nigeria, how do I pay the visa fee in the local currency",
  "capital of germany", "history of Berlin wall", "can i travel to the capital of france with my residence permit", "how much is the flight from the capital of Kenya to Berlin"]) console.log(JSON.stringify(factAboutAnotherPlace(q)), q);
