// Mounts the chat into a root element with a given VS Code API handle: main.ts passes the real ones, tests a
// jsdom element and a recording stub. The webview holds no agent logic: it draws the host's state and posts
// intents; every change it makes to its own state comes from the host.
import { MentionRanker } from './mention-ranker';
import { useLanguage } from '../src/shared/format-numbers';
import type { HostToWebview } from '../src/shared/protocol';
import { PROTOCOL_VERSION } from '../src/shared/protocol';
import { loadPersisted, persistable, StateSaver } from './persistence';
import { ChatStore } from './store';
import { useStrings } from './strings';
import { ChatView, type ChatViewActions } from './view';
import type { VsCodeApi } from './vscode-api';
import { t } from './strings';

export interface ChatAppOptions {
  /** Schedules a redraw; defaults to requestAnimationFrame. Tests pass one that runs at once. */
  requestFrame?: (callback: () => void) => void;
  /** Delay before the trimmed state is saved with setState. */
  saveDelayMs?: number;
}

export interface ChatApp {
  readonly store: ChatStore;
  readonly view: ChatView;
  /** Handles one host message (the window's message events are routed here). */
  receive(message: HostToWebview): void;
  dispose(): void;
}

const COPIED_FEEDBACK_MS = 1500;

export function mountChat(root: HTMLElement, api: VsCodeApi, options: ChatAppOptions = {}): ChatApp {
  const doc = root.ownerDocument;
  const win = doc.defaultView!;
  const requestFrame = options.requestFrame ?? ((callback: () => void) => win.requestAnimationFrame(() => callback()));
  const store = new ChatStore();
  const post = api.postMessage.bind(api);

  const copy = (text: string, button: HTMLButtonElement) => {
    const done = () => {
      button.classList.add('copied');
      button.setAttribute('aria-label', t('copied'));
      win.setTimeout(() => {
        button.classList.remove('copied');
        button.setAttribute('aria-label', t('copyCode'));
      }, COPIED_FEEDBACK_MS);
    };
    const clipboard = win.navigator.clipboard as Clipboard | undefined;
    // Some webview hosts refuse the clipboard API; the host can always write it.
    const viaHost = () => {
      post({ type: 'copyText', text });
      done();
    };
    if (clipboard?.writeText) clipboard.writeText(text).then(done, viaHost);
    else viaHost();
  };

  const saved = loadPersisted(api);
  // The saved state's strings first, so a reloaded panel draws in its language at once.
  useStrings(saved?.initial?.strings);
  useLanguage(saved?.initial?.language);
  // Outside the view: a view built again (another display language) keeps the index.
  let requestIds = 0;
  const mentionRanker = new MentionRanker(nextTask(win), () => win.performance.now());
  const actions: ChatViewActions = {
    messages: {
      openLink: (url) => post({ type: 'openLink', url }),
      openFileReference: (reference) => post({ type: 'openFileReference', ...reference }),
      openDiff: (callId) => post({ type: 'openDiff', callId }),
      answerQuestion: (callId, answer) => post({ type: 'answerQuestion', callId, answer }),
      processCard: (processId) => store.state.process(processId),
      stopProcess: (processId) => post({ type: 'stopProcess', processId }),
      openProcessUrl: (processId, url, external) => post(external ? { type: 'openProcessUrl', processId, url, external } : { type: 'openProcessUrl', processId, url }),
      retry: (itemId) => post({ type: 'retry', itemId }),
      setUpProvider: (step) => post({ type: 'setUpProvider', step }),
      restore: (itemId, conversation) => post({ type: 'restoreCheckpoint', itemId, conversation }),
      copy,
    },
    composer: {
      nextRequestId: () => ++requestIds,
      send: (text, images, mentions) => post({ type: 'sendMessage', text, ...(images.length > 0 ? { images } : {}), ...(mentions.length > 0 ? { mentions } : {}) }),
      queryMentions: (requestId, query, opened) => {
        if (opened) mentionRanker.listOpened(requestId);
        post(opened ? { type: 'mentionQuery', requestId, query, indexGeneration: mentionRanker.indexGeneration } : { type: 'mentionQuery', requestId, query });
      },
      rankMentions: (query, show) => mentionRanker.rank(query, show),
      previewMention: (requestId, token) => post({ type: 'previewMention', requestId, token }),
      dropUris: (uris) => post({ type: 'dropUris', uris }),
      stop: () => post({ type: 'cancelTask' }),
      setMode: (mode) => post({ type: 'setMode', mode }),
      selectModel: () => post({ type: 'selectModel' }),
      setAgent: (agent) => post({ type: 'setAgent', agent }),
      draftChanged: () => saver.schedule(),
      querySlashCommands: (requestId) => post({ type: 'slashCommandQuery', requestId }),
    },
    history: {
      open: (id) => post({ type: 'openTask', id }),
      resume: (id) => post({ type: 'resumeTask', id }),
      delete: (id) => post({ type: 'deleteTask', id }),
    },
    header: { newTask: () => startNewTask(), reviewChanges: () => post({ type: 'reviewTaskChanges' }) },
    welcome: { setUpProvider: () => post({ type: 'setUpProvider' }) },
    // A handoff is the agent picker and the send button in one: the host takes the intents in order.
    handoffs: {
      handoff: (handoff) => {
        post({ type: 'setAgent', agent: handoff.agent });
        if (handoff.send && handoff.prompt) return post({ type: 'sendMessage', text: handoff.prompt });
        view.composer.draft = handoff.prompt ?? view.composer.draft;
        view.composer.focus();
        saver.schedule();
      },
    },
    listHistory: () => post({ type: 'listHistory' }),
  };
  let view = new ChatView(root, store, actions);

  const saver = new StateSaver(api, () => persistable(store.state.snapshot, store.initial, view.composer.savedDraft), options.saveDelayMs ?? 300);

  let frameRequested = false;
  const drawNow = () => {
    frameRequested = false;
    if (!store.hasPending) return;
    view.render(store.takePending());
    saver.schedule();
  };
  const scheduleDraw = () => {
    if (frameRequested) return;
    frameRequested = true;
    requestFrame(drawNow);
  };

  function startNewTask(): void {
    view.showHistory(false);
    view.composer.draft = '';
    view.composer.focus();
    post({ type: 'newTask' });
  }

  const receive = (message: HostToWebview) => {
    switch (message?.type) {
      case 'init':
        // Another language than the one drawn (the first init, or VS Code's display language changed): the
        // panel is built again from the new strings; the draft, its chips and images stay.
        // (Both run: `||` would skip the language when the strings changed.)
        if ([useStrings(message.state.strings), useLanguage(message.state.language)].some(Boolean)) {
          const previous = view;
          view = new ChatView(root, store, actions);
          view.composer.takeOver(previous.composer);
        }
        store.init(message.state, message.snapshot);
        // Drawn at once, not on the next frame: this is what the person is waiting to see.
        drawNow();
        break;
      case 'batch':
        view.announcer.announce(store.applyBatch(message.deltas));
        if (store.hasPending) scheduleDraw();
        break;
      case 'newTask':
        startNewTask();
        break;
      case 'mentionIndex':
        mentionRanker.receiveIndex(message.generation, message.paths);
        break;
      case 'mentionSuggestions':
        mentionRanker.answered(message.requestId, message.ranking);
        view.composer.showSuggestions(message.requestId, message.items);
        break;
      case 'mentionPreview':
        view.composer.mentionPreview(message.requestId, message.chip);
        break;
      case 'insertMentions':
        view.composer.insertMentions(message.mentions);
        break;
      case 'slashCommands':
        view.composer.showSlashCommands(message.requestId, message.commands);
        break;
      case 'restoreDraft':
        view.composer.restoreDraft(message.text);
        break;
    }
  };

  const onMessage = (event: MessageEvent) => receive(event.data as HostToWebview);
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') saver.flush();
  };
  win.addEventListener('message', onMessage);
  doc.addEventListener('visibilitychange', onHidden);

  if (saved) {
    store.restore(saved.snapshot, saved.initial);
    view.composer.draft = saved.draft;
  } else {
    store.restore({ task: undefined, items: [], settings: { mode: 'default', model: undefined } }, undefined);
  }
  drawNow();
  post({ type: 'ready', protocolVersion: PROTOCOL_VERSION });

  return {
    store,
    get view() {
      return view;
    },
    receive,
    dispose() {
      win.removeEventListener('message', onMessage);
      doc.removeEventListener('visibilitychange', onHidden);
      saver.dispose();
    },
  };
}

/**
 * Runs a function in a task of its own, soon: a message to itself, which browsers do not delay as they delay a
 * chain of zero timeouts (by 4 ms each after the fifth); a long search in slices would wait more than it works.
 */
function nextTask(win: Window): (run: () => void) => void {
  const { MessageChannel } = win as Window & typeof globalThis;
  if (typeof MessageChannel !== 'function') return (run) => void win.setTimeout(run, 0);
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (run) => {
    queue.push(run);
    channel.port2.postMessage(undefined);
  };
}
