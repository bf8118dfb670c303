/** The product name shown in headers, titles and copy. */
export const BRAND_NAME = "Focus Flow";
