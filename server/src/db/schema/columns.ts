/** Portable column types: timestamps are ISO strings, booleans 0/1 integers, lists JSON text. */
export type Bool = number;
export type Timestamp = string;
export type Json = string;
