import type { AddressObject } from "mailparser";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMail } from "~/server/mail/templates";
import { type SmtpFake, startSmtpFake } from "../fakes/smtp-server";

let smtp: SmtpFake;

beforeAll(async () => {
  smtp = await startSmtpFake();
});

afterAll(async () => {
  await smtp?.stop();
});

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address ?? ""));
}

describe("SMTP fake", () => {
  it("listens on loopback and receives a multipart mail sent by nodemailer", async () => {
    expect(smtp.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const mail = renderMail({
      kind: "verify-email",
      name: "Anna <Test>",
      url: "https://swipeabroad.test/verify?token=abc&x=1",
    });
    const transport = nodemailer.createTransport(smtp.url);
    const info = await transport.sendMail({
      from: '"SwipeAbroad" <no-reply@swipeabroad.test>',
      to: "anna@example.test",
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    expect(info.accepted).toEqual(["anna@example.test"]);

    const received = await smtp.waitForMessage((message) => addresses(message.to).includes("anna@example.test"));
    expect(received.subject).toBe(mail.subject);
    expect(received.from?.value).toEqual([{ name: "SwipeAbroad", address: "no-reply@swipeabroad.test" }]);
    expect(addresses(received.to)).toEqual(["anna@example.test"]);
    expect(received.text?.trimEnd()).toBe(mail.text.trimEnd());
    expect(received.html).toBe(mail.html);
    expect(received.html).toContain('href="https://swipeabroad.test/verify?token=abc&amp;x=1"');
    expect(received.html).toContain("Hi Anna &lt;Test&gt;,");
    expect(smtp.messages).toHaveLength(1);
  });

  it("waits for a mail still to come, and times out naming what arrived", async () => {
    const transport = nodemailer.createTransport(smtp.url);
    const waiting = smtp.waitForMessage((message) => message.subject === "Later");
    await transport.sendMail({
      from: "a@example.test",
      to: "b@example.test",
      subject: "Later",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    expect((await waiting).text?.trim()).toBe("Hello");
    await expect(smtp.waitForMessage((message) => message.subject === "Never", 200)).rejects.toThrow(/No matching mail within 200 ms/);
  });

  it("accepts a login when the client sends one", async () => {
    const url = new URL(smtp.url);
    url.username = "user";
    url.password = "secret";
    const transport = nodemailer.createTransport(url.toString());
    await transport.sendMail({ from: "a@example.test", to: "c@example.test", subject: "With login", text: "Hi" });
    expect((await smtp.waitForMessage((message) => message.subject === "With login")).text?.trim()).toBe("Hi");
  });
});
