/** The opened widget's file (`widget/app.<hash>.js`), written into the loader by the build. */
declare const __WIDGET_APP__: string;
