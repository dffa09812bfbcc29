"use client";

import { LANGUAGE_OPTIONS, NATIONALITY_OPTIONS } from "~/lib/options";
import { SelectBox, type SelectBoxProps } from "./select-box";

type Preset = Omit<SelectBoxProps, "options">;

export const NationalitySelect = (props: Preset) => <SelectBox placeholder="Select nationality" {...props} options={NATIONALITY_OPTIONS} />;
export const LanguageSelect = (props: Preset) => <SelectBox placeholder="Select language" {...props} options={LANGUAGE_OPTIONS} />;
