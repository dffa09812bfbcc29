import { adminSection } from "~/lib/admin-sections";
import { recordIdSchema } from "~/lib/schemas/admin";
import {
  moveSchema,
  promptCreateSchema,
  promptListQuery,
  promptUpdateSchema,
  questionCreateSchema,
  questionListQuery,
  questionUpdateSchema,
  setHiddenSchema,
  tagCreateSchema,
  tagListQuery,
  tagUpdateSchema,
  threadCreateSchema,
  threadListQuery,
  threadUpdateSchema,
} from "~/lib/schemas/content-admin";
import * as content from "~/server/services/admin/content-admin.service";
import { createTRPCRouter, editsContent, staffProcedure } from "../../trpc";

/** Reading the section: anyone it opens (settings:view included). Each kind of change has its own key. */
const read = staffProcedure(adminSection("content").access);
const threadWrite = staffProcedure(["settings:threads"]).use(editsContent("content"));
// The questions of threads and the chat's random prompts are both questions offered to visitors.
const questionWrite = staffProcedure(["settings:questions"]).use(editsContent("content"));
const tagWrite = staffProcedure(["settings:tags"]);

export const contentRouter = createTRPCRouter({
  threads: createTRPCRouter({
    list: read.input(threadListQuery).query(({ ctx, input }) => content.listThreadsForAdmin(ctx.db, input)),
    get: read.input(recordIdSchema).query(({ ctx, input }) => content.getThreadForAdmin(ctx.db, input.id)),
    create: threadWrite.input(threadCreateSchema).mutation(({ ctx, input }) => content.createThread(ctx.db, ctx.actor, input)),
    update: threadWrite.input(threadUpdateSchema).mutation(({ ctx, input }) => content.updateThread(ctx.db, ctx.actor, input)),
    setHidden: threadWrite.input(setHiddenSchema).mutation(({ ctx, input }) => content.setThreadHidden(ctx.db, ctx.actor, input)),
    move: threadWrite.input(moveSchema).mutation(({ ctx, input }) => content.moveThread(ctx.db, ctx.actor, input)),
  }),
  questions: createTRPCRouter({
    list: read.input(questionListQuery).query(({ ctx, input }) => content.listQuestionsForAdmin(ctx.db, input)),
    add: questionWrite.input(questionCreateSchema).mutation(({ ctx, input }) => content.addQuestion(ctx.db, ctx.actor, input)),
    update: questionWrite.input(questionUpdateSchema).mutation(({ ctx, input }) => content.updateQuestion(ctx.db, ctx.actor, input)),
    setHidden: questionWrite.input(setHiddenSchema).mutation(({ ctx, input }) => content.setQuestionHidden(ctx.db, ctx.actor, input)),
    move: questionWrite.input(moveSchema).mutation(({ ctx, input }) => content.moveQuestion(ctx.db, ctx.actor, input)),
    delete: questionWrite.input(recordIdSchema).mutation(({ ctx, input }) => content.deleteQuestion(ctx.db, ctx.actor, input)),
  }),
  prompts: createTRPCRouter({
    list: read.input(promptListQuery).query(({ ctx, input }) => content.listPromptsForAdmin(ctx.db, input)),
    create: questionWrite.input(promptCreateSchema).mutation(({ ctx, input }) => content.createPrompt(ctx.db, ctx.actor, input)),
    update: questionWrite.input(promptUpdateSchema).mutation(({ ctx, input }) => content.updatePrompt(ctx.db, ctx.actor, input)),
    setHidden: questionWrite.input(setHiddenSchema).mutation(({ ctx, input }) => content.setPromptHidden(ctx.db, ctx.actor, input)),
    delete: questionWrite.input(recordIdSchema).mutation(({ ctx, input }) => content.deletePrompt(ctx.db, ctx.actor, input)),
  }),
  tags: createTRPCRouter({
    list: read.input(tagListQuery).query(({ ctx, input }) => content.listTagsForAdmin(ctx.db, input)),
    create: tagWrite.input(tagCreateSchema).mutation(({ ctx, input }) => content.createTag(ctx.db, ctx.actor, input)),
    update: tagWrite.input(tagUpdateSchema).mutation(({ ctx, input }) => content.updateTag(ctx.db, ctx.actor, input)),
    setHidden: tagWrite.input(setHiddenSchema).mutation(({ ctx, input }) => content.setTagHidden(ctx.db, ctx.actor, input)),
    move: tagWrite.input(moveSchema).mutation(({ ctx, input }) => content.moveTag(ctx.db, ctx.actor, input)),
  }),
});
