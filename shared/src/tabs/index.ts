/**
 * Accessible tabs (`@shop/shared/tabs`), built into each remote that shows tabs (like the form kit
 * and the dialog), so pages without tabs do not load them.
 */
export { type TabSpec, Tabs } from './Tabs';
