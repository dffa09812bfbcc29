import { restRoute } from "~/server/http/rest";

/** The signed-in user's roadmap as an iCalendar file download (a Free account: the preview's steps). */
export const GET = restRoute({
  call: (api) => api.roadmap.calendar(),
  text: (file) => file.content,
  headers: {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": 'attachment; filename="study-roadmap.ics"',
    "cache-control": "no-store",
  },
});
