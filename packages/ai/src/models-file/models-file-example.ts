/** A complete `models.json` for messages and docs: one OpenAI-compatible server with a key from a variable. */
export const MODELS_FILE_EXAMPLE = `{
  "providers": {
    "my-server": {
      "baseUrl": "http://localhost:8000/v1",
      "api": "openai-completions",
      "apiKey": "$MY_SERVER_KEY",
      "models": [{ "id": "qwen3-coder", "contextWindow": 131072, "maxTokens": 16384 }]
    }
  }
}`;
