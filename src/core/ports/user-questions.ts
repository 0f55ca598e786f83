// ask_followup_question: the question is shown in the chat and the answer comes back from the user.

export interface UserQuestions {
  /** Resolves with the user's answer; rejects with an AbortError when the task is cancelled first. */
  ask(callId: string, question: string, options: readonly string[] | undefined, signal: AbortSignal): Promise<string>;
}
