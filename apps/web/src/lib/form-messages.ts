/** Spec: required selects show this instead of the schema's enum message. */
export const REQUIRED_SELECT = 'This field is required';
