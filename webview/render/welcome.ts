// The empty chat: the active provider and model (whole, never truncated), whether its key is set, one button
// to set it up, three example tasks from this workspace and the shortcuts. After the first task, a new task
// shows the compact form: the provider line and the examples. Everything shown comes from the host.
import type { SessionSettings, WelcomeFacts } from '../../src/shared/chat-model';
import { button, h } from '../dom';
import { icon } from '../icons';
import { KEY_STATUS, STRINGS } from '../strings';

export interface WelcomeActions {
  setUpProvider(): void;
  /** Puts the example in the message box, for the person to send or change. */
  useExample(text: string): void;
}

export class WelcomeView {
  readonly element: HTMLElement;

  constructor(
    private readonly doc: Document,
    private readonly actions: WelcomeActions,
  ) {
    this.element = h(doc, 'div', { className: 'welcome', data: { testid: 'welcome' } });
  }

  render(settings: SessionSettings, welcome: WelcomeFacts | undefined): void {
    const compact = welcome?.compact ?? false;
    this.element.classList.toggle('compact', compact);
    const parts: Node[] = [];
    if (!compact) {
      parts.push(h(this.doc, 'h2', { className: 'welcome-title', text: STRINGS.welcomeTitle }), h(this.doc, 'p', { className: 'welcome-intro', text: STRINGS.welcomeIntro }));
    }
    parts.push(this.providerCard(settings, welcome, compact));
    parts.push(this.examples(welcome));
    if (!compact && welcome?.shortcuts.length) parts.push(this.shortcuts(welcome.shortcuts));
    this.element.replaceChildren(...parts);
  }

  private providerCard(settings: SessionSettings, welcome: WelcomeFacts | undefined, compact: boolean): HTMLElement {
    const provider = settings.provider;
    // A missing key and a rejected one both stop a task: the same warning, the same button.
    const missing = provider?.key === 'missing' || provider?.key === 'rejected';
    const setUp = button(this.doc, compact && !missing ? STRINGS.change : STRINGS.setUp, `${missing ? 'primary-button' : 'secondary-button'} setup-button`, () => this.actions.setUpProvider());
    setUp.dataset.testid = 'welcome-setup';
    const rows: Node[] = [];
    if (provider) {
      rows.push(
        fact(this.doc, STRINGS.provider, provider.label, 'welcome-provider'),
        fact(this.doc, STRINGS.model, provider.model, 'welcome-model'),
        ...(provider.deployment ? [fact(this.doc, STRINGS.deployment, provider.deployment, 'welcome-deployment')] : []),
        fact(this.doc, STRINGS.apiKey, KEY_STATUS[provider.key], 'welcome-key', missing ? 'warning' : provider.key === 'set' || provider.key === 'verified' ? 'success' : undefined),
      );
    } else if (settings.model) {
      rows.push(fact(this.doc, STRINGS.model, settings.model, 'welcome-model'));
    }
    if (welcome?.lastTest) {
      const test = h(this.doc, 'p', { className: `welcome-test ${welcome.lastTest.ok ? 'ok' : 'failed'}`, text: welcome.lastTest.text, data: { testid: 'welcome-test' } });
      test.prepend(icon(this.doc, welcome.lastTest.ok ? 'success' : 'warning'));
      rows.push(test);
    }
    return h(this.doc, 'section', { className: `welcome-provider-card${missing ? ' key-missing' : ''}`, attrs: { 'aria-label': STRINGS.provider } }, [
      h(this.doc, 'dl', { className: 'welcome-facts' }, rows),
      setUp,
    ]);
  }

  private examples(welcome: WelcomeFacts | undefined): HTMLElement {
    const list = h(this.doc, 'ul', { className: 'welcome-examples' });
    if (!welcome) list.append(h(this.doc, 'li', { className: 'welcome-loading', text: STRINGS.loadingExamples }));
    for (const task of welcome?.examples ?? []) {
      const use = button(this.doc, task, 'example-task', () => this.actions.useExample(task), STRINGS.useExample(task));
      list.append(h(this.doc, 'li', {}, [use]));
    }
    return h(this.doc, 'section', { className: 'welcome-section', attrs: { 'aria-label': STRINGS.tryTitle } }, [h(this.doc, 'h3', { text: STRINGS.tryTitle }), list]);
  }

  private shortcuts(shortcuts: WelcomeFacts['shortcuts']): HTMLElement {
    const rows = shortcuts.map((s) => h(this.doc, 'li', {}, [h(this.doc, 'kbd', { text: s.keys }), h(this.doc, 'span', { text: s.action })]));
    return h(this.doc, 'section', { className: 'welcome-section welcome-shortcuts', attrs: { 'aria-label': STRINGS.shortcutsTitle } }, [
      h(this.doc, 'h3', { text: STRINGS.shortcutsTitle }),
      h(this.doc, 'ul', {}, rows),
    ]);
  }
}

function fact(doc: Document, term: string, value: string, testid: string, iconName?: 'warning' | 'success'): HTMLElement {
  const dd = h(doc, 'dd', { text: value, data: { testid }, attrs: { title: value } });
  if (iconName) dd.prepend(icon(doc, iconName));
  return h(doc, 'div', { className: 'welcome-fact' }, [h(doc, 'dt', { text: term }), dd]);
}
