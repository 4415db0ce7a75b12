// Schemas of the «statistics» feature (SPEC.md 3, 7), shared by the server and the web app.
export {};
