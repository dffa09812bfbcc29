/** The product's name; its own module, so that browser code showing it loads none of the settings. */
export const BRAND_NAME = "SwipeAbroad";
