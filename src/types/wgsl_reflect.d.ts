/**
 * wgsl_reflect's package names a CommonJS build as its main entry inside a "type": "module" package;
 * the app imports its ES module build by path, with the package's own types.
 */
declare module 'wgsl_reflect/wgsl_reflect.module.js' {
  export * from 'wgsl_reflect';
}
