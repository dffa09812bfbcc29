import { createTRPCRouter } from "../../trpc";
import { analyticsRouter } from "./analytics";
import { assistantRouter } from "./assistant";
import { auditRouter } from "./audit";
import { clientsRouter } from "./clients";
import { coachesRouter } from "./coaches";
import { coachingAdminRouter } from "./coaching";
import { communityAdminRouter } from "./community";
import { contentRouter } from "./content";
import { customersRouter } from "./customers";
import { exchangeRatesRouter } from "./exchange-rates";
import { feedbackRouter } from "./feedback";
import { financeRouter } from "./finance";
import { flowsRouter } from "./flows";
import { knowledgeRouter } from "./knowledge";
import { oldFiguresRouter } from "./old-figures";
import { siteTextsRouter } from "./site-texts";
import { staffRouter } from "./staff";
import { supportRouter } from "./support";
import { systemRouter } from "./system";
import { templatesRouter } from "./templates";

/**
 * The management area's procedures, one router per /admin section. Every procedure is a
 * `staffProcedure` with the section's access rule, and every change writes an audit row.
 */
export const adminRouter = createTRPCRouter({
  staff: staffRouter,
  audit: auditRouter,
  system: systemRouter,
  customers: customersRouter,
  coaches: coachesRouter,
  coaching: coachingAdminRouter,
  support: supportRouter,
  clients: clientsRouter,
  content: contentRouter,
  knowledge: knowledgeRouter,
  assistant: assistantRouter,
  feedback: feedbackRouter,
  analytics: analyticsRouter,
  finance: financeRouter,
  templates: templatesRouter,
  siteTexts: siteTextsRouter,
  flows: flowsRouter,
  exchangeRates: exchangeRatesRouter,
  oldFigures: oldFiguresRouter,
  community: communityAdminRouter,
});
