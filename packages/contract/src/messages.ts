// Schemas of the «messages» feature (the SMS and call outbox; SPEC.md 3, 7), shared by server and web.
export {};
