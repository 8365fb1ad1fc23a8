DROP TABLE chat_deliveries;
DROP TABLE chat_identities;
