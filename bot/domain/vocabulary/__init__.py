"""The trade vocabulary, shared by matching (index terms) and texts (rendering): the glossary
of product concepts, brands across scripts, the Chinese-English dictionary, units and their
words, and the fingerprint (`version.vocabulary_version`) of everything that derives index
terms. Nothing here imports matching or texts."""
