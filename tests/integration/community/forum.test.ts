import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIGHLIGHT_END, HIGHLIGHT_START, NEW_MEMBER_RULES, PRIVATE_PROFILE_MESSAGE } from "~/lib/schemas/community";
import { publicError, VERIFY_EMAIL_FIRST_MESSAGE } from "~/server/api/trpc";
import { SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { seedForumCategories } from "~/server/services/community/categories.service";
import { NEW_MEMBER_LINKS_MESSAGE, NEW_MEMBER_REPLIES_MESSAGE, NEW_MEMBER_TOPICS_MESSAGE } from "~/server/services/community/members";
import { ALREADY_FLAGGED, FLAGS_HIDE_NOTE } from "~/server/services/community/moderation.service";
import { sendCommunityDigests } from "~/server/services/community/notifications.service";
import {
  HELD_FOR_REVIEW,
  ONLY_AUTHOR_OR_MODERATOR_SOLVES,
  ONLY_OWN_POSTS,
  TOPIC_LOCKED,
  TOPIC_NOT_FOUND,
} from "~/server/services/community/posts.service";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedForumCategories(t.db);
});
afterAll(() => t?.stop());

type Member = Awaited<ReturnType<typeof createUser>>;
const api = (member: Member | null) => callerFor(t.db, member?.claims ?? null);

async function rejection(promise: Promise<unknown>): Promise<{ code: TRPCError["code"]; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: publicError(error as TRPCError).message };
}

/** A member past the new-member rules: a week old with three published posts. */
async function trustedMember(name = "Trusted Member") {
  const [firstName, lastName] = name.split(" ");
  const member = await createUser(t.db, { firstName, lastName });
  await t.db.user.update({
    where: { id: member.claims.id },
    data: { createdAt: new Date(Date.now() - 7 * 86_400_000) },
  });
  const category = await t.db.forumCategory.findUniqueOrThrow({ where: { slug: "off-topic" } });
  const topic = await t.db.forumTopic.create({
    data: {
      categoryId: category.id,
      authorId: member.claims.id,
      title: "Earlier posts of a trusted member",
      slug: "earlier",
    },
  });
  await t.db.forumPost.createMany({
    data: [0, 1, 2].map((position) => ({
      topicId: topic.id,
      authorId: member.claims.id,
      position,
      body: `Earlier post ${position}`,
    })),
  });
  return member;
}

const question = (overrides: Record<string, unknown> = {}) => ({
  categorySlug: "finances",
  title: "Which bank opens a blocked account fastest?",
  body: "I need a **Sperrkonto** for my visa appointment in March. Which provider was quickest for you?",
  tags: ["blocked-account"],
  ...overrides,
});

const notificationsOf = (member: Member) =>
  t.db.notification.findMany({
    where: { userId: member.claims.id },
    orderBy: { createdAt: "asc" },
    select: { kind: true, actorId: true, postId: true, topicId: true, text: true },
  });

describe("community: who may post", () => {
  it("reading is open to everybody; posting needs an account and a verified email", async () => {
    expect((await api(null).community.categories()).map((category) => category.slug)).toEqual(
      expect.arrayContaining(["admission", "visa", "introductions", "off-topic"]),
    );
    expect(await rejection(api(null).community.createTopic(question()))).toEqual({
      code: "UNAUTHORIZED",
      message: SIGN_IN_REQUIRED_MESSAGE,
    });
    const unverified = await createUser(t.db, { verified: false });
    expect(await rejection(api(unverified).community.createTopic(question()))).toEqual({
      code: "FORBIDDEN",
      message: VERIFY_EMAIL_FIRST_MESSAGE,
    });
    expect(await t.db.forumTopic.count({ where: { authorId: unverified.claims.id } })).toBe(0);
  });

  it("a new member may start 3 topics a day; the fourth is refused with the reason and nothing is written", async () => {
    const member = await createUser(t.db);
    for (let n = 1; n <= NEW_MEMBER_RULES.topicsPerDay; n++)
      await api(member).community.createTopic(question({ title: `My question number ${n} about blocked accounts` }));
    expect(await rejection(api(member).community.createTopic(question({ title: "My fourth question on the first day" })))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: NEW_MEMBER_TOPICS_MESSAGE,
    });
    expect(await t.db.forumTopic.count({ where: { authorId: member.claims.id } })).toBe(3);
  });

  it("a new member may write 10 replies a day and 2 links a post; a trusted member may write more", async () => {
    const asker = await trustedMember();
    const { topicId } = await api(asker).community.createTopic(question());
    const newcomer = await createUser(t.db);
    for (let n = 1; n <= NEW_MEMBER_RULES.repliesPerDay; n++)
      await api(newcomer).community.reply({ topicId, body: `Reply ${n}: Fintiba took two days for me.` });
    expect(await rejection(api(newcomer).community.reply({ topicId, body: "One more reply" }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: NEW_MEMBER_REPLIES_MESSAGE,
    });

    const links = "See https://www.auswaertiges-amt.de, https://www.daad.de and www.make-it-in-germany.com";
    const another = await createUser(t.db);
    expect(await rejection(api(another).community.reply({ topicId, body: links }))).toEqual({
      code: "BAD_REQUEST",
      message: NEW_MEMBER_LINKS_MESSAGE,
    });
    expect(
      (
        await api(another).community.reply({
          topicId,
          body: "See https://www.daad.de and [the mission](https://india.diplo.de)",
        })
      ).held,
    ).toBe(false);
    expect((await api(asker).community.reply({ topicId, body: links })).held).toBe(false);
  });

  it("a post the spam and profanity filter catches is held: only its author and moderators see it, and it notifies nobody", async () => {
    const asker = await trustedMember("Asker Held");
    const { topicId } = await api(asker).community.createTopic(question());
    const spammer = await createUser(t.db);
    const outcome = await api(spammer).community.reply({ topicId, body: "Buy diploma online, cheap and fast" });
    expect(outcome).toMatchObject({ held: true, message: HELD_FOR_REVIEW });
    const post = await t.db.forumPost.findUniqueOrThrow({ where: { id: outcome.postId } });
    expect(post).toMatchObject({ status: "held", statusNote: "Held by the filter: buy diploma" });

    const forOthers = await api(null).community.topic({ topicId });
    expect(forOthers.posts.map((each) => each.id)).not.toContain(outcome.postId);
    expect(forOthers.topic.replyCount).toBe(0);
    const forAuthor = await api(spammer).community.topic({ topicId });
    expect(forAuthor.posts.find((each) => each.id === outcome.postId)).toMatchObject({
      body: "Buy diploma online, cheap and fast",
      status: "held",
    });
    expect(await notificationsOf(asker)).toEqual([]);

    // A held opening post keeps the whole topic out of the lists.
    const heldTopic = await api(spammer).community.createTopic(question({ title: "Fake IELTS certificate without exam here" }));
    expect(heldTopic.held).toBe(true);
    expect((await api(null).community.topics({ list: "latest", limit: 50 })).items.map((topic) => topic.id)).not.toContain(
      heldTopic.topicId,
    );
    expect(await rejection(api(null).community.topic({ topicId: heldTopic.topicId }))).toEqual({
      code: "NOT_FOUND",
      message: TOPIC_NOT_FOUND,
    });
  });

  it("a suspended member may read but not post", async () => {
    const member = await trustedMember("Suspended One");
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.db.user.update({ where: { id: member.claims.id }, data: { forumSuspendedUntil: until } });
    const refused = await rejection(api(member).community.createTopic(question()));
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.message).toMatch(
      /^A moderator suspended your community posting until \d{1,2} \w+ \d{4}\. You can still read the forum\.$/,
    );
    expect((await api(member).community.topics({})).items.length).toBeGreaterThan(0);
  });

  it("bad input gets a clear message", async () => {
    const member = await createUser(t.db);
    expect(await rejection(api(member).community.createTopic(question({ title: "Visa?" })))).toMatchObject({
      code: "BAD_REQUEST",
      message: "The title needs at least 10 characters: say what you want to know",
    });
    expect(await rejection(api(member).community.createTopic(question({ categorySlug: "astrology" })))).toEqual({
      code: "NOT_FOUND",
      message: "This category does not exist.",
    });
    expect(await rejection(api(member).community.createTopic(question({ body: " " })))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Write something first",
    });
    expect(await rejection(api(member).community.reply({ topicId: "no-such-topic", body: "Hello there" }))).toEqual({
      code: "NOT_FOUND",
      message: TOPIC_NOT_FOUND,
    });
  });
});

describe("community: own posts, answers and likes", () => {
  it("members edit and delete only their own posts; edits keep the history and are marked", async () => {
    const asker = await trustedMember("Edit Asker");
    const other = await trustedMember("Edit Other");
    const { topicId, postId } = await api(asker).community.createTopic(question());
    expect(await rejection(api(other).community.edit({ postId, body: "Hijacked" }))).toEqual({
      code: "FORBIDDEN",
      message: ONLY_OWN_POSTS,
    });
    expect(await rejection(api(other).community.delete({ postId }))).toEqual({
      code: "FORBIDDEN",
      message: ONLY_OWN_POSTS,
    });

    await api(asker).community.edit({
      postId,
      body: "Updated: I need it by **February**.",
      title: "Which bank opens a blocked account within a week?",
    });
    const page = await api(null).community.topic({ topicId });
    expect(page.topic.title).toBe("Which bank opens a blocked account within a week?");
    expect(page.posts[0]).toMatchObject({ body: "Updated: I need it by **February**.", edited: true });
    expect(await t.db.forumPostEdit.findMany({ where: { postId }, select: { title: true, body: true } })).toEqual([
      { title: question().title, body: question().body },
    ]);

    const { postId: replyId } = await api(other).community.reply({ topicId, body: "Expatrio took three days for me." });
    await api(other).community.delete({ postId: replyId });
    const after = await api(null).community.topic({ topicId });
    expect(after.posts.find((post) => post.id === replyId)).toMatchObject({
      body: null,
      status: "deleted",
      placeholder: "Deleted by its author.",
    });
    expect(after.topic.replyCount).toBe(0);
  });

  it("only the asker or a moderator marks the answer; it is shown under the question and in the solved list", async () => {
    const asker = await trustedMember("Solved Asker");
    const helper = await trustedMember("Solved Helper");
    const bystander = await trustedMember("Solved Bystander");
    const { topicId } = await api(asker).community.createTopic(question({ title: "Do I need APS for a master's programme?" }));
    const { postId: answerId } = await api(helper).community.reply({
      topicId,
      body: "Yes, applicants from India need the APS certificate.",
    });
    expect(await rejection(api(bystander).community.markSolved({ topicId, postId: answerId }))).toEqual({
      code: "FORBIDDEN",
      message: ONLY_AUTHOR_OR_MODERATOR_SOLVES,
    });

    await api(asker).community.markSolved({ topicId, postId: answerId });
    const page = await api(null).community.topic({
      topicId,
      countView: true,
      slug: "do-i-need-aps-for-a-master-s-programme",
    });
    expect(page.topic).toMatchObject({ solvedPostId: answerId, views: 1 });
    // A read at a stale address (the page redirects from it) and the asker's own reads count no view.
    await api(null).community.topic({ topicId, countView: true, slug: "an-old-title" });
    await api(asker).community.topic({ topicId, countView: true });
    expect((await t.db.forumTopic.findUniqueOrThrow({ where: { id: topicId } })).views).toBe(1);
    expect(page.answer).toMatchObject({
      id: answerId,
      isAnswer: true,
      body: "Yes, applicants from India need the APS certificate.",
    });
    expect((await api(null).community.topics({ list: "solved", limit: 50 })).items.map((topic) => topic.id)).toContain(topicId);
    expect((await notificationsOf(helper)).filter((row) => row.kind === "answer")).toEqual([
      { kind: "answer", actorId: asker.claims.id, postId: answerId, topicId, text: null },
    ]);

    const moderator = await createStaff(t.db, "backoffice");
    await moderator.caller.community.markSolved({ topicId, postId: null });
    expect((await api(null).community.topic({ topicId })).answer).toBeNull();
  });

  it("a like is one per member, toggled and counted; the author is notified once", async () => {
    const author = await trustedMember("Like Author");
    const fan = await trustedMember("Like Fan");
    const { postId } = await api(author).community.createTopic(question({ title: "Which city has the cheapest WG rooms?" }));
    expect(await api(fan).community.like({ postId, liked: true })).toEqual({ liked: true, likeCount: 1 });
    expect(await api(fan).community.like({ postId, liked: true })).toEqual({ liked: true, likeCount: 1 });
    expect(await api(fan).community.like({ postId, liked: false })).toEqual({ liked: false, likeCount: 0 });
    expect(await api(fan).community.like({ postId, liked: true })).toEqual({ liked: true, likeCount: 1 });
    expect((await notificationsOf(author)).filter((row) => row.kind === "like")).toHaveLength(1);
    expect(await rejection(api(author).community.like({ postId, liked: true }))).toEqual({
      code: "BAD_REQUEST",
      message: "You cannot like your own post.",
    });
  });

  it("a locked topic takes no replies", async () => {
    const asker = await trustedMember("Locked Asker");
    const { topicId } = await api(asker).community.createTopic(question({ title: "Old thread about 2019 visa rules" }));
    await t.db.forumTopic.update({ where: { id: topicId }, data: { locked: true } });
    expect(await rejection(api(asker).community.reply({ topicId, body: "Any news?" }))).toEqual({
      code: "FORBIDDEN",
      message: TOPIC_LOCKED,
    });
  });
});

describe("community: notifications", () => {
  it("replies notify watchers, mentions notify the mentioned member, and the bell counts unread ones", async () => {
    const asker = await trustedMember("Priya Sharma");
    const replier = await trustedMember("Jonas Weber");
    const mentioned = await trustedMember("Amira Haddad");
    const { topicId } = await api(asker).community.createTopic(question({ title: "How long does the visa appointment take in Mumbai?" }));
    const handles = await t.db.user.findMany({
      where: { id: { in: [asker.claims.id, mentioned.claims.id] } },
      select: { id: true, forumHandle: true },
    });
    const askerHandle = handles.find((row) => row.id === asker.claims.id)!.forumHandle!;
    expect(askerHandle).toMatch(/^priya_sharma\d*$/);
    // The mentioned member posts once, so they have a handle; the asker watches their topic and hears of it.
    const following = await api(mentioned).community.reply({ topicId, body: "Following this." });
    expect((await notificationsOf(asker)).filter((row) => row.postId === following.postId)).toEqual([
      { kind: "reply", actorId: mentioned.claims.id, postId: following.postId, topicId, text: null },
    ]);
    const amira = (await t.db.user.findUniqueOrThrow({ where: { id: mentioned.claims.id } })).forumHandle!;

    const { postId } = await api(replier).community.reply({
      topicId,
      body: `@${askerHandle} it took six weeks for me; @${amira} had the same. \`@not_a_mention\``,
    });
    const askerRows = await notificationsOf(asker);
    expect(askerRows.filter((row) => row.postId === postId)).toEqual([
      { kind: "mention", actorId: replier.claims.id, postId, topicId, text: null },
    ]);
    expect((await notificationsOf(mentioned)).filter((row) => row.postId === postId)).toEqual([
      { kind: "mention", actorId: replier.claims.id, postId, topicId, text: null },
    ]);
    expect(await notificationsOf(replier)).toEqual([]);

    const unread = await api(asker).community.unreadCount();
    expect(unread).toBe(askerRows.length);
    const list = await api(asker).community.notifications({});
    expect(list.items[0]).toMatchObject({
      kind: "mention",
      read: false,
      summary: "Jonas Weber mentioned you in “How long does the visa appointment take in Mumbai?”",
    });
    expect(list.items[0]!.href).toMatch(
      new RegExp(`^/community/t/how-long-does-the-visa-appointment-take-in-mumbai/${topicId}#post-\\d+$`),
    );
    await api(asker).community.markRead({});
    expect(await api(asker).community.unreadCount()).toBe(0);

    // On the page, the members' handles are linked; a handle nobody has and a code span are not.
    const { postId: strayId } = await api(replier).community.reply({ topicId, body: `Ask @nobody_has_this_handle or @${amira}.` });
    const page = await api(null).community.topic({ topicId });
    const byId = new Map(page.posts.map((post) => [post.id, post.mentions]));
    expect(new Set(byId.get(postId))).toEqual(new Set([askerHandle, amira]));
    expect(byId.get(strayId)).toEqual([amira]);
  });

  it("watching a category notifies new topics in it; the daily digest mails unread notifications once and respects the setting", async () => {
    const watcher = await trustedMember("Watch Er");
    const noMail = await trustedMember("No Mail");
    await api(watcher).community.watch({ categorySlug: "accommodation", watching: true });
    await api(noMail).community.watch({ categorySlug: "accommodation", watching: true });
    await api(noMail).students.updateMe({ communityDigest: false });
    const asker = await trustedMember("Room Seeker");
    const { topicId } = await api(asker).community.createTopic(
      question({ categorySlug: "accommodation", title: "Is a Wohnungsgeberbestätigung needed for a WG room?" }),
    );
    expect((await notificationsOf(watcher)).filter((row) => row.topicId === topicId)).toEqual([
      { kind: "new_topic", actorId: asker.claims.id, postId: expect.any(String), topicId, text: null },
    ]);

    await t.db.notification.updateMany({
      where: { userId: { notIn: [watcher.claims.id, noMail.claims.id] } },
      data: { mailedAt: new Date() },
    });
    expect(await sendCommunityDigests(t.db)).toEqual({ sent: 1 });
    const mails = await t.db.mailMessage.findMany({
      where: { kind: "community-digest", userId: { in: [watcher.claims.id, noMail.claims.id] } },
    });
    expect(mails.map((mail) => mail.to)).toEqual([watcher.email]);
    expect(mails[0]!.subject).toBe("SwipeAbroad community: 1 new notification");
    expect(await sendCommunityDigests(t.db)).toEqual({ sent: 0 });
  });
});

describe("community: flags and moderation", () => {
  it("three flags from different members hide a post until a moderator decides; a moderator's approval restores it", async () => {
    const author = await trustedMember("Flag Author");
    const { topicId } = await api(author).community.createTopic(question({ title: "Selling my blocked account slot" }));
    const { postId } = await api(author).community.reply({ topicId, body: "DM me for a cheap slot" });
    const flaggers = [await trustedMember("Flag One"), await trustedMember("Flag Two"), await trustedMember("Flag Three")];
    expect(await api(flaggers[0]!).community.flag({ postId, reason: "spam", note: null })).toEqual({
      flagged: true,
      hidden: false,
    });
    expect(await rejection(api(flaggers[0]!).community.flag({ postId, reason: "spam" }))).toEqual({
      code: "CONFLICT",
      message: ALREADY_FLAGGED,
    });
    expect(await api(flaggers[1]!).community.flag({ postId, reason: "inappropriate" })).toEqual({
      flagged: true,
      hidden: false,
    });
    expect(await rejection(api(flaggers[2]!).community.flag({ postId, reason: "other" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Tell the moderators what is wrong",
    });
    expect(await api(flaggers[2]!).community.flag({ postId, reason: "other", note: "Selling appointments is not allowed" })).toEqual({
      flagged: true,
      hidden: true,
    });

    expect(await t.db.forumPost.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({
      status: "hidden",
      statusNote: FLAGS_HIDE_NOTE,
    });
    expect((await api(null).community.topic({ topicId })).posts.find((post) => post.id === postId)).toMatchObject({
      body: null,
      placeholder: "This post is hidden until a moderator reviews it.",
    });

    const moderator = await createStaff(t.db, "backoffice");
    const queue = await moderator.caller.admin.community.queue({});
    const item = queue.items.find((entry) => entry.id === postId)!;
    expect(item.flags.map((flag) => flag.reason).sort()).toEqual(["inappropriate", "other", "spam"]);

    await moderator.caller.admin.community.moderatePost({ postId, action: "approve", note: null });
    expect((await api(null).community.topic({ topicId })).posts.find((post) => post.id === postId)).toMatchObject({
      body: "DM me for a cheap slot",
      status: "visible",
    });
    expect((await moderator.caller.admin.community.queue({})).items.map((entry) => entry.id)).not.toContain(postId);
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "community.post_approved", targetId: postId },
    });
    expect(audit).toMatchObject({
      actorId: moderator.session.id,
      before: { status: "hidden", statusNote: FLAGS_HIDE_NOTE },
      after: { status: "visible", statusNote: null },
    });
    expect((await notificationsOf(author)).filter((row) => row.kind === "moderation")).toEqual([
      {
        kind: "moderation",
        actorId: moderator.session.id,
        postId,
        topicId,
        text: "A moderator approved your post; it is now published.",
      },
    ]);
  });

  it("approving a held post publishes it and tells the people it mentions; hiding and deleting keep its place", async () => {
    const asker = await trustedMember("Held Asker");
    const askerTopic = await api(asker).community.createTopic(question({ title: "Where do I get a cheap SIM card?" }));
    const handle = (await t.db.user.findUniqueOrThrow({ where: { id: asker.claims.id } })).forumHandle!;
    const newcomer = await createUser(t.db);
    const held = await api(newcomer).community.reply({
      topicId: askerTopic.topicId,
      body: `@${handle} avoid the casino ads, take a prepaid SIM`,
    });
    expect(held.held).toBe(true);
    expect((await notificationsOf(asker)).filter((row) => row.postId === held.postId)).toEqual([]);

    const moderator = await createStaff(t.db, "admin");
    await moderator.caller.admin.community.moderatePost({ postId: held.postId, action: "approve", note: null });
    expect((await notificationsOf(asker)).filter((row) => row.postId === held.postId).map((row) => row.kind)).toEqual(["mention"]);
    expect((await api(null).community.topic({ topicId: askerTopic.topicId })).topic.replyCount).toBe(1);

    await moderator.caller.admin.community.moderatePost({ postId: held.postId, action: "delete", note: "Advertising" });
    const page = await api(null).community.topic({ topicId: askerTopic.topicId });
    expect(page.posts.find((post) => post.id === held.postId)).toMatchObject({
      body: null,
      status: "deleted",
      placeholder: "This post was deleted.",
    });
    expect(page.topic.replyCount).toBe(0);
  });

  it("a moderator warns and suspends a member by mail, and locks, pins and moves topics, each audited", async () => {
    const member = await trustedMember("Warned Member");
    const moderator = await createStaff(t.db, "backoffice");
    await moderator.caller.admin.community.moderateMember({
      action: "warn",
      userId: member.claims.id,
      message: "Please keep to one topic per question.",
    });
    const { suspendedUntil } = await moderator.caller.admin.community.moderateMember({
      action: "suspend",
      userId: member.claims.id,
      message: "Repeated advertising.",
      days: 7,
    });
    expect(suspendedUntil!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const mails = await t.db.mailMessage.findMany({
      where: { kind: "community-moderation", userId: member.claims.id },
      orderBy: { createdAt: "asc" },
    });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Repeated advertising.");
    expect(mails[1]!.text).toMatch(/suspended your posting in the SwipeAbroad community until/);
    const open = await api(await trustedMember("Other Asker")).community.createTopic(
      question({ title: "A topic the suspended member tries to answer" }),
    );
    expect((await rejection(api(member).community.reply({ topicId: open.topicId, body: "Hello" }))).code).toBe("FORBIDDEN");
    await moderator.caller.admin.community.moderateMember({ action: "lift", userId: member.claims.id });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: member.claims.id } })).forumSuspendedUntil).toBeNull();

    const { topicId } = await api(member).community.createTopic(question({ title: "Wrong category for a housing question" }));
    await moderator.caller.admin.community.moderateTopic({ action: "move", topicId, categorySlug: "accommodation" });
    await moderator.caller.admin.community.moderateTopic({ action: "pin", topicId, value: true });
    await moderator.caller.admin.community.moderateTopic({ action: "lock", topicId, value: true });
    expect((await api(null).community.topic({ topicId })).topic).toMatchObject({
      category: { slug: "accommodation" },
      pinned: true,
      locked: true,
    });
    const actions = (await t.db.auditLog.findMany({ where: { actorId: moderator.session.id }, orderBy: { createdAt: "asc" } })).map(
      (row) => row.action,
    );
    expect(actions).toEqual([
      "community.member_warned",
      "community.member_suspended",
      "community.member_reinstated",
      "community.topic_moved",
      "community.topic_pinned",
      "community.topic_locked",
    ]);
  });

  it("members without the support permission get 403 from moderation; staff without two factors too", async () => {
    const member = await trustedMember("Not Staff");
    expect((await rejection(api(member).admin.community.queue({}))).code).toBe("FORBIDDEN");
    const designer = await createStaff(t.db, "designer");
    expect((await rejection(designer.caller.admin.community.moderateMember({ action: "lift", userId: member.claims.id }))).code).toBe(
      "FORBIDDEN",
    );
    const noTwoFactor = await createStaff(t.db, "backoffice", { twoFactor: false });
    expect((await rejection(noTwoFactor.caller.admin.community.queue({}))).code).toBe("FORBIDDEN");
  });
});

describe("community: search and profiles", () => {
  it("finds posts by stemmed words, umlauts or none, ranks title matches first, highlights, and filters by category and solved", async () => {
    const author = await trustedMember("Search Author");
    const inTitle = await api(author).community.createTopic(
      question({
        categorySlug: "health-insurance",
        title: "Krankenversicherung for students over 30: public or private?",
        body: "I turn 31 before enrolment.",
      }),
    );
    const inBody = await api(author).community.createTopic(
      question({
        categorySlug: "off-topic",
        title: "Random thoughts after my first month",
        body: "Sorting out my krankenversicherung took ages; the Bürgeramt was quicker.",
      }),
    );
    const results = await api(null).community.search({ query: "Krankenversicherung students" });
    expect(results.items.map((item) => item.topic.id).slice(0, 2)).toEqual([inTitle.topicId, inBody.topicId]);
    expect(results.items[1]!.snippet).toContain(`${HIGHLIGHT_START}krankenversicherung${HIGHLIGHT_END}`);

    expect((await api(null).community.search({ query: "Buergeramt" })).items.map((item) => item.topic.id)).toEqual([inBody.topicId]);
    expect(
      (await api(null).community.search({ query: "krankenversicherung", categorySlug: "off-topic" })).items.map((item) => item.topic.id),
    ).toEqual([inBody.topicId]);
    expect((await api(null).community.search({ query: "krankenversicherung", solved: true })).items).toEqual([]);
    expect((await rejection(api(null).community.search({ query: " " }))).code).toBe("BAD_REQUEST");
  });

  it("a public profile shows posts and solutions; a private one only says so", async () => {
    const member = await trustedMember("Public Person");
    await api(member).community.createTopic(question({ title: "Hello from Lagos, starting in Aachen", categorySlug: "introductions" }));
    const handle = (await t.db.user.findUniqueOrThrow({ where: { id: member.claims.id } })).forumHandle!;
    expect(await api(null).community.member({ handle })).toEqual({ visible: false, name: "Public Person", handle });
    expect(PRIVATE_PROFILE_MESSAGE).toBe("This member keeps their profile private.");
    await api(member).students.updateMe({ profileVisibility: "public" });
    const profile = await api(null).community.member({ handle });
    expect(profile).toMatchObject({ visible: true, name: "Public Person", posts: 4, solutions: 0 });
    expect(profile.visible && profile.topics.map((topic) => topic.title)).toContain("Hello from Lagos, starting in Aachen");
  });
});
