// For this package's own type check; the apps get the same declarations from Rsbuild's types.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

declare module '*.css';
