import { cases as analytics } from "./analytics";
import { cases as assistant } from "./assistant";
import { cases as audit } from "./audit";
import { cases as clients } from "./clients";
import { cases as coaches } from "./coaches";
import { cases as coaching } from "./coaching";
import { cases as community } from "./community";
import { cases as content } from "./content";
import { cases as customers } from "./customers";
import { cases as exchangeRates } from "./exchange-rates";
import { cases as feedback } from "./feedback";
import { cases as finance } from "./finance";
import { cases as flows } from "./flows";
import { cases as knowledge } from "./knowledge";
import { cases as oldFigures } from "./old-figures";
import { cases as siteTexts } from "./site-texts";
import { cases as staff } from "./staff";
import { cases as support } from "./support";
import { cases as system } from "./system";
import { cases as templates } from "./templates";
import type { AdminProcedureCase } from "./types";

/** Every management procedure's case, one file per /admin section. */
export const ADMIN_CASES: AdminProcedureCase[] = [
  ...staff,
  ...audit,
  ...system,
  ...customers,
  ...coaches,
  ...coaching,
  ...support,
  ...clients,
  ...content,
  ...knowledge,
  ...assistant,
  ...feedback,
  ...analytics,
  ...finance,
  ...templates,
  ...siteTexts,
  ...flows,
  ...exchangeRates,
  ...oldFigures,
  ...community,
];
