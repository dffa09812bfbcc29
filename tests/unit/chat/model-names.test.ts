import { describe, expect, it } from "vitest";
import { hostedModelName, LOCAL_MODEL_LABEL } from "~/lib/chat-models";

describe("the name people read for the model that answered", () => {
  it.each([
    ["openai:gpt-4.1-mini", "OpenAI GPT-4.1 mini"],
    ["openai:gpt-4o", "OpenAI GPT-4o"],
    ["openai:gpt-4o-mini-2024-07-18", "OpenAI GPT-4o mini"],
    ["openai:o3-mini", "OpenAI o3 mini"],
    ["deepseek:deepseek-chat", "DeepSeek Chat"],
    ["deepseek:deepseek-reasoner", "DeepSeek Reasoner"],
    ["deepseek:something-new", "DeepSeek"],
    // A model served behind an OpenAI-compatible address: its id is no name for people.
    ["openai:llama3.1:8b", "a hosted model"],
    [LOCAL_MODEL_LABEL, null],
    ["", null],
  ])("%j is %j", (recorded, name) => {
    expect(hostedModelName(recorded)).toBe(name);
  });
});
