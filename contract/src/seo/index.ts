/** What search engines and link previews read of a page, for the server's first HTML and the pages. */
export * from './pageMeta';
export * from './productStructuredData';
