// How every agent in the suite reaches the scripted model: one fake key, and the provider block
// OpenCode's config shape takes (Kilo, its fork, takes the same).

export const API_KEY = 'sk-scripted-test-key-not-a-secret';
/** The scripted model as an OpenAI-compatible provider, in OpenCode's config shape (Kilo is its fork). */
export function scriptedProvider(modelUrl: string): object {
  return {
    scripted: {
      npm: '@ai-sdk/openai-compatible',
      name: 'scripted',
      options: { baseURL: `${modelUrl}/v1`, apiKey: API_KEY },
      models: { scripted: { name: 'scripted', tool_call: true } },
    },
  };
}
