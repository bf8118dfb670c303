/** The product name shown in headers, titles and copy. */
export const BRAND_NAME = "Focus Flow";

/** Where 'Contact Support' writes to (subscription page help card). */
export const SUPPORT_EMAIL = "support@focusflow.app";
