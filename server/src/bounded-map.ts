// The one way this server keeps "the latest N" of something in memory (verified tokens and
// session cookies, refused tokens, image variants, manifests and their answers): a Map, whose
// iteration order is insertion order, where a key set again goes last and the first goes when
// the map is full.
export function rememberAtMost<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
